import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManageServiceSummary } from '@noise/shared/catalogue-admin';
import { api } from '@/lib/api-client';

export const manageServicesKey = ['staff', 'services'] as const;

/** GET /api/services/manage: every service for the staff list, archived ones flagged. */
export function getManageServices(signal?: AbortSignal): Promise<ManageServiceSummary[]> {
  return api.get<ManageServiceSummary[]>('/api/services/manage', signal);
}

export const manageServicesQuery = queryOptions({
  queryKey: [...manageServicesKey, 'list'],
  queryFn: ({ signal }) => getManageServices(signal),
});

export function useManageServices() {
  return useQuery(manageServicesQuery);
}
