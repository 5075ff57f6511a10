import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCalendarDay } from '@noise/shared/format-day';
import {
  boardStates,
  ordinal,
  requestStateLabels,
  type BoardState,
  type RequestItem,
} from '@noise/shared/requests';
import { cn } from '@/lib/utils';
import type { BoardMove } from '../api/move-request';
import { COLUMN, columnCards, columnId, dropMove, isColumn } from './board-moves';
import { MoveNotice, MoveToSelect } from './move-to';
import { useSendMove } from './use-send-move';

const dueText = (day: string | null) => (day ? formatCalendarDay(day) : 'Set when it starts');

function CardBody({
  card,
  handle,
  children,
}: {
  card: RequestItem;
  handle: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="flex items-start gap-1">
        {handle}
        <div className="min-w-0 flex-1 pt-2">
          <Link
            to={`/wkm-dashboard/requests/${card.id}`}
            className="block font-bold break-words underline-offset-2 hover:underline"
          >
            {card.title}
          </Link>
          <p className="text-sm break-words text-muted">{card.companyName || 'No company'}</p>
        </div>
      </div>
      <dl className="mt-2 grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">Plan</dt>
          <dd className="min-w-0 break-words">{card.planTitle}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">Assigned</dt>
          <dd className="min-w-0 break-words">{card.coordinatorName || 'Unassigned'}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">Due</dt>
          <dd>{card.state === 'done' ? 'Done' : dueText(card.dueDate)}</dd>
        </div>
        {card.state === 'queued' && card.queuePlace !== null ? (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">Queue</dt>
            <dd className="font-semibold">{ordinal(card.queuePlace)} in queue</dd>
          </div>
        ) : null}
        {card.state === 'queued' && card.estimatedStart ? (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">Estimated start</dt>
            <dd>{formatCalendarDay(card.estimatedStart)}</dd>
          </div>
        ) : null}
      </dl>
      {children}
    </>
  );
}

function Card({
  card,
  cards,
  onMove,
  busy,
}: {
  card: RequestItem;
  cards: readonly RequestItem[];
  onMove: (move: BoardMove) => void;
  busy: boolean;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: card.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'rounded-card border-2 border-ink/10 bg-paper p-3 shadow-card',
        // Where the card was: an outline while it is dragged (its copy follows the pointer).
        isDragging && 'border-dashed border-ink/30 shadow-none *:invisible',
      )}
      data-request-id={card.id}
    >
      <CardBody
        card={card}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${card.title}`}
            className="-my-0.5 -ml-2 flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-control text-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink active:cursor-grabbing"
          >
            <GripVertical aria-hidden="true" className="size-5" />
          </button>
        }
      >
        <MoveToSelect card={card} cards={cards} onMove={onMove} busy={busy} className="mt-3" />
      </CardBody>
    </li>
  );
}

function Column({
  state,
  cards,
  all,
  onMove,
  busy,
  highlighted,
}: {
  state: BoardState;
  cards: RequestItem[];
  all: readonly RequestItem[];
  onMove: (move: BoardMove) => void;
  busy: boolean;
  highlighted: boolean;
}) {
  const { setNodeRef } = useDroppable({ id: columnId(state) });
  const headingId = `board-column-${state}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={state}
      className={cn(
        'flex min-w-0 flex-col rounded-card border-2 bg-canvas/60 p-3 transition-colors',
        highlighted ? 'border-ink' : 'border-ink/10',
      )}
    >
      <h2 id={headingId} className="mb-3 flex items-baseline justify-between gap-2 px-1">
        <span className="text-lg font-bold">{requestStateLabels[state]}</span>
        <span className="text-sm text-muted">
          {cards.length} {cards.length === 1 ? 'request' : 'requests'}
        </span>
      </h2>
      <SortableContext items={cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <ul aria-labelledby={headingId} className="flex min-h-24 flex-1 flex-col gap-3">
          {cards.map((card) => (
            <Card key={card.id} card={card} cards={all} onMove={onMove} busy={busy} />
          ))}
          {cards.length === 0 ? (
            <li className="rounded-card border-2 border-dashed border-ink/15 px-3 py-6 text-center text-sm text-muted">
              Nothing {state === 'done' ? 'done yet' : 'here'}
            </li>
          ) : null}
        </ul>
      </SortableContext>
    </section>
  );
}

/** Over a card rather than its column when the pointer is on one; the nearest by keyboard. */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  const card = within.find((c) => !isColumn(c.id));
  if (card) return [card];
  if (within.length) return within;
  return closestCorners(args);
};

/**
 * The request board (docs/product.md#request-plans): a column per state, cards moved by drag and
 * drop (pointer or keyboard: Space, arrows, Space) or each card's 'Move to…' choice. A card
 * someone else moved meanwhile is shown as it now is, with a note saying so.
 */
export function RequestBoard({
  cards,
  all = cards,
}: {
  /** The cards shown (the filters' choice). */
  cards: readonly RequestItem[];
  /** Every card loaded: queue places count the whole queue of a plan, filtered out or not. */
  all?: readonly RequestItem[];
}) {
  const { send, notice, busy } = useSendMove();
  const [dragged, setDragged] = useState<RequestItem | null>(null);
  const [overState, setOverState] = useState<BoardState | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => cards.find((c) => c.id === id)?.title ?? 'the request';
  const placeOf = (id: string | number | undefined) => {
    if (id === undefined) return 'nowhere';
    if (isColumn(id)) return requestStateLabels[String(id).slice(COLUMN.length) as BoardState];
    const over = cards.find((c) => c.id === id);
    return over ? `${requestStateLabels[over.state]}, at ${over.title}` : 'nowhere';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) => `${titleOf(active.id)} is over ${placeOf(over?.id)}.`,
    onDragEnd: ({ active, over }) => `${titleOf(active.id)} was dropped on ${placeOf(over?.id)}.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const stateOfOver = (id: string | number | undefined): BoardState | null => {
    if (id === undefined) return null;
    if (isColumn(id)) return String(id).slice(COLUMN.length) as BoardState;
    return (cards.find((c) => c.id === id)?.state as BoardState | undefined) ?? null;
  };
  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(cards.find((c) => c.id === active.id) ?? null);
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverState(stateOfOver(over?.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    setOverState(null);
    const card = cards.find((c) => c.id === active.id);
    if (!card || !over) return;
    const next = dropMove(all, card, String(over.id));
    if (next) send(next);
  };

  return (
    <div>
      <MoveNotice notice={notice} />
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={{ announcements }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setDragged(null);
          setOverState(null);
        }}
      >
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {boardStates.map((state) => (
            <Column
              key={state}
              state={state}
              cards={columnCards(cards, state)}
              all={all}
              onMove={send}
              busy={busy}
              highlighted={dragged !== null && overState === state}
            />
          ))}
        </div>
        <DragOverlay>
          {dragged ? (
            <div className="rotate-1 rounded-card border-2 border-ink bg-paper p-3 shadow-card">
              <CardBody
                card={dragged}
                handle={
                  <span className="-my-0.5 -ml-2 flex size-11 shrink-0 items-center justify-center text-muted">
                    <GripVertical aria-hidden="true" className="size-5" />
                  </span>
                }
              />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
