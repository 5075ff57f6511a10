import { queryOptions, useQuery } from '@tanstack/react-query';
import { manageServiceSchema, type ManageService } from '@noise/shared/catalogue-admin';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { manageServicesKey } from './get-manage-services';

/** GET /api/services/{id}/manage: a service as the edit form loads it (archived ones too). */
export function getManageService(id: string, signal?: AbortSignal): Promise<ManageService> {
  return apiRequest(`/api/services/${encodeURIComponent(id)}/manage`, {
    signal,
    check: checkWith(manageServiceSchema),
  });
}

export function manageServiceQuery(id: string) {
  return queryOptions({
    queryKey: [...manageServicesKey, 'detail', id],
    queryFn: ({ signal }) => getManageService(id, signal),
    // The form starts from what is stored now, not from a copy someone else has since changed.
    staleTime: 0,
  });
}

export function useManageService(id: string | undefined) {
  return useQuery({ ...manageServiceQuery(id ?? ''), enabled: Boolean(id) });
}
