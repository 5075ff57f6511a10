import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddStatusUpdateRequest, Project } from '@noise/shared/project';
import { api } from '@/lib/api-client';
import { refreshAfterSaleChange } from './refresh-after-sale-change';

export type StatusUpdateInput = AddStatusUpdateRequest['statusUpdate'];

/** PUT /api/projects/{projectId}/status: appends a status update, returns the project. */
export function addSaleStatusUpdate(
  projectId: string,
  statusUpdate: StatusUpdateInput,
): Promise<Project> {
  return api.put<Project>(`/api/projects/${encodeURIComponent(projectId)}/status`, {
    statusUpdate,
  });
}

export function useAddSaleStatusUpdate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusUpdate: StatusUpdateInput) => addSaleStatusUpdate(projectId, statusUpdate),
    onSuccess: (project) => refreshAfterSaleChange(queryClient, project),
  });
}
