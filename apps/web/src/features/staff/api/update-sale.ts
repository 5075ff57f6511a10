import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type Project, type UpdateProjectRequest } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { refreshAfterSaleChange } from './refresh-after-sale-change';

/** PATCH /api/projects/{id}: the project's own status, dates and co-ordinator. */
export function updateSale(id: string, body: UpdateProjectRequest): Promise<Project> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { ...body },
    check: checkWith(projectSchema),
  });
}

export function useUpdateSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectRequest) => updateSale(id, body),
    onSuccess: (project) => refreshAfterSaleChange(queryClient, project),
  });
}
