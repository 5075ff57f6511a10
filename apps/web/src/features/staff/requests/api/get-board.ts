import { queryOptions, useQuery } from '@tanstack/react-query';
import { boardResponse, type RequestItem } from '@noise/shared/requests';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** The board and each request's page: a move or a change of a request refreshes both. */
export const requestsKey = ['staff', 'requests'] as const;
export const boardKey = [...requestsKey, 'board'] as const;

/** GET /api/requests: every request on the board (a co-ordinator's own clients' only). */
export function getBoard(signal?: AbortSignal): Promise<RequestItem[]> {
  return apiRequest('/api/requests', { signal, check: checkWith(boardResponse) }).then(
    (answer) => answer.requests,
  );
}

export const boardQuery = queryOptions({
  queryKey: boardKey,
  queryFn: ({ signal }) => getBoard(signal),
});

export function useBoard() {
  return useQuery(boardQuery);
}
