import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectStatus } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterSaleChange } from './refresh-after-sale-change';

export interface UpdateSaleInput {
  status?: ProjectStatus;
  expectedDeliveryDate?: string | null;
  deliveryDate?: string | null;
  coordinatorId?: string | null;
}

/** PATCH /api/projects/{id}: the project's own status, dates and co-ordinator. */
export function updateSale(id: string, body: UpdateSaleInput): Promise<Project> {
  return apiRequest<Project>(`/api/projects/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { ...body },
  });
}

export function useUpdateSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSaleInput) => updateSale(id, body),
    onSuccess: (project) => refreshAfterSaleChange(queryClient, project),
  });
}
