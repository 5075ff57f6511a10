import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupItem } from '@noise/shared/overview';
import { api } from '@/lib/api-client';

/** GET /api/overview/setup: what the shop still needs before it trades (admins only). */
export function getSetupChecklist(signal?: AbortSignal): Promise<SetupItem[]> {
  return api.get<SetupItem[]>('/api/overview/setup', signal);
}

export const setupChecklistQuery = queryOptions({
  queryKey: ['staff', 'overview', 'setup'],
  queryFn: ({ signal }) => getSetupChecklist(signal),
  staleTime: 60_000,
});

export function useSetupChecklist(enabled: boolean) {
  return useQuery({ ...setupChecklistQuery, enabled });
}
