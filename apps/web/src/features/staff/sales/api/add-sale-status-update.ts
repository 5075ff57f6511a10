import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type AddStatusUpdateRequest, type Project } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { refreshAfterSaleChange } from '../../api/refresh-after-sale-change';

export type StatusUpdateInput = AddStatusUpdateRequest['statusUpdate'];

/** PUT /api/projects/{projectId}/status: appends a status update, returns the project. */
export function addSaleStatusUpdate(
  projectId: string,
  statusUpdate: StatusUpdateInput,
): Promise<Project> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/status`, {
    method: 'PUT',
    body: { statusUpdate },
    check: checkWith(projectSchema),
  });
}

export function useAddSaleStatusUpdate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusUpdate: StatusUpdateInput) => addSaleStatusUpdate(projectId, statusUpdate),
    onSuccess: (project) => refreshAfterSaleChange(queryClient, project),
  });
}
