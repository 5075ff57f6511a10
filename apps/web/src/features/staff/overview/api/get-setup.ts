import { queryOptions, useQuery } from '@tanstack/react-query';
import { setupChecklistSchema, type SetupItem } from '@noise/shared/overview';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/overview/setup: what the shop still needs before it trades (admins only). */
export function getSetupChecklist(signal?: AbortSignal): Promise<SetupItem[]> {
  return apiRequest('/api/overview/setup', { signal, check: checkWith(setupChecklistSchema) });
}

export const setupChecklistQuery = queryOptions({
  queryKey: ['staff', 'overview', 'setup'],
  queryFn: ({ signal }) => getSetupChecklist(signal),
  staleTime: 60_000,
});

export function useSetupChecklist(enabled: boolean) {
  return useQuery({ ...setupChecklistQuery, enabled });
}
