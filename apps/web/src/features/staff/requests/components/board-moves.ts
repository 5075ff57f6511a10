import {
  boardStates,
  ordinal,
  requestStateLabels,
  type BoardState,
  type RequestItem,
} from '@noise/shared/requests';
import type { BoardMove } from '../api/move-request';

/** Where cards go on the request board: the pure part of drag and drop and 'Move to…'. */

export const COLUMN = 'column:';
export const columnId = (state: BoardState) => `${COLUMN}${state}`;
export const isColumn = (id: string | number) => String(id).startsWith(COLUMN);

/** The cards of a column in the order the board shows them: the queue by its places. */
export function columnCards(cards: readonly RequestItem[], state: BoardState): RequestItem[] {
  const mine = cards.filter((c) => c.state === state);
  if (state !== 'queued') return mine;
  return [...mine].sort(
    (a, b) =>
      (a.queuePlace ?? 0) - (b.queuePlace ?? 0) ||
      a.companyName.localeCompare(b.companyName) ||
      a.createdAt.localeCompare(b.createdAt),
  );
}

/** The other queued cards of the same plan, in queue order. */
export function planQueue(cards: readonly RequestItem[], card: RequestItem): RequestItem[] {
  return cards
    .filter((c) => c.state === 'queued' && c.planId === card.planId)
    .sort((a, b) => (a.queuePlace ?? 0) - (b.queuePlace ?? 0));
}

/**
 * What dropping `card` on `overId` (a column or another card) asks the server, or null when it
 * changes nothing. Within 'Queued' a card takes the place of the card of its plan it is dropped
 * on; dropped on a column, or on another plan's card, it goes to the end of its plan's queue.
 */
export function dropMove(
  cards: readonly RequestItem[],
  card: RequestItem,
  overId: string,
): BoardMove | null {
  const over = isColumn(overId) ? undefined : cards.find((c) => c.id === overId);
  const state = over ? (over.state as BoardState) : (overId.slice(COLUMN.length) as BoardState);
  if (!boardStates.includes(state)) return null;
  if (state !== 'queued') {
    return state === card.state ? null : { request: card, state };
  }
  const queue = planQueue(cards, card).filter((c) => c.id !== card.id);
  const samePlan = over && over.planId === card.planId && over.id !== card.id;
  const place = samePlan ? (over.queuePlace ?? queue.length + 1) : queue.length + 1;
  if (card.state === 'queued' && (card.queuePlace === place || !samePlan)) return null;
  return { request: card, state: 'queued', queuePlace: place };
}

/** 'Move to…' choices for a card: every other column, and every other place in its queue. */
export function moveChoices(cards: readonly RequestItem[], card: RequestItem) {
  const queue = planQueue(cards, card);
  const places = card.state === 'queued' ? queue.length : queue.length + 1;
  const choices: { value: string; label: string }[] = [];
  for (let place = 1; place <= places; place += 1) {
    if (card.state === 'queued' && card.queuePlace === place) continue;
    choices.push({ value: `queued:${place}`, label: `Queued, ${ordinal(place)} in queue` });
  }
  for (const state of boardStates) {
    if (state !== 'queued' && state !== card.state) {
      choices.push({ value: state, label: requestStateLabels[state] });
    }
  }
  return choices;
}
