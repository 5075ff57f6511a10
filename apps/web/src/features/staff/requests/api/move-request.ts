import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  moveResultSchema,
  type BoardState,
  type MoveResult,
  type RequestItem,
} from '@noise/shared/requests';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { boardKey, requestsKey } from './get-board';
import { requestKey } from './get-request';

export interface BoardMove {
  request: RequestItem;
  state: BoardState;
  /** Within 'Queued': the place it takes in its plan's queue (1 is next). */
  queuePlace?: number;
}

/** POST /api/requests/{id}/move: with the version the mover saw (docs/decisions/091). */
export function moveRequest(move: BoardMove): Promise<MoveResult> {
  return apiRequest(`/api/requests/${encodeURIComponent(move.request.id)}/move`, {
    method: 'POST',
    body: {
      state: move.state,
      version: move.request.version,
      ...(move.queuePlace !== undefined ? { queuePlace: move.queuePlace } : {}),
    },
    check: checkWith(moveResultSchema),
  });
}

/** The board as it will be after `move`, the card's plan's queue renumbered as the server does. */
export function applyMove(cards: readonly RequestItem[], move: BoardMove): RequestItem[] {
  const moved = move.request;
  const queue = cards
    .filter((c) => c.planId === moved.planId && c.state === 'queued' && c.id !== moved.id)
    .sort((a, b) => (a.queuePlace ?? 0) - (b.queuePlace ?? 0));
  if (move.state === 'queued') {
    const place = Math.min(move.queuePlace ?? queue.length + 1, queue.length + 1);
    queue.splice(place - 1, 0, moved);
  }
  const places = new Map(queue.map((c, i) => [c.id, i + 1]));
  return cards.map((card) => {
    if (card.id === moved.id) {
      return { ...card, state: move.state, queuePlace: places.get(card.id) ?? null };
    }
    return places.has(card.id) ? { ...card, queuePlace: places.get(card.id)! } : card;
  });
}

/**
 * Moves a card at once on screen, then asks the server; the board is read again either way, so
 * it shows what the server kept (another person's move included).
 */
export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveRequest,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: boardKey });
      const before = queryClient.getQueryData<RequestItem[]>(boardKey);
      queryClient.setQueryData<RequestItem[]>(boardKey, (cards) =>
        cards ? applyMove(cards, move) : cards,
      );
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(boardKey, context.before);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<RequestItem[]>(boardKey, (cards) =>
        cards?.map((card) => (card.id === result.request.id ? result.request : card)),
      );
      queryClient.setQueryData(requestKey(result.request.id), result.request);
    },
    // The board, and the page of the request moved (its due date may have been set).
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}
