import { useMemo, type ChangeEvent } from 'react';
import type { BoardState, RequestItem } from '@noise/shared/requests';
import { cn } from '@/lib/utils';
import type { BoardMove } from '../api/move-request';
import { moveChoices } from './board-moves';

/** Where `useSendMove` says a move found the request moved by someone else; read out. */
export function MoveNotice({ notice }: { notice: string | null }) {
  return (
    <div role="status">
      {notice ? (
        <p className="mb-4 rounded-card border-2 border-ink/20 bg-paper px-4 py-3 text-sm font-semibold">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A request's 'Move to…' list: every other column, and every other place in its plan's queue
 * (`cards`: the board as loaded, whose queue places count).
 */
export function MoveToSelect({
  card,
  cards,
  onMove,
  busy,
  className,
}: {
  card: RequestItem;
  cards: readonly RequestItem[];
  onMove: (move: BoardMove) => void;
  busy: boolean;
  className?: string;
}) {
  const choices = useMemo(() => moveChoices(cards, card), [cards, card]);
  const onChoose = (event: ChangeEvent<HTMLSelectElement>) => {
    const [state, place] = event.target.value.split(':') as [BoardState, string | undefined];
    event.target.value = '';
    if (!state) return;
    onMove({
      request: card,
      state,
      ...(place ? { queuePlace: Number(place) } : {}),
    });
  };
  return (
    <label className={cn('block', className)}>
      <span className="sr-only">Move {card.title} to</span>
      <select
        value=""
        onChange={onChoose}
        disabled={busy}
        className="h-11 w-full cursor-pointer rounded-control border-2 border-ink/20 bg-paper px-3 text-sm"
      >
        <option value="" disabled>
          Move to…
        </option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
