import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type AddStatusUpdateRequest } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientProjectsKey, type ClientProject } from './get-client-projects';

export type StatusUpdateInput = AddStatusUpdateRequest['statusUpdate'];

/** PUT /api/users/projects/{projectId}/status: appends a status update, returns the project. */
export function addStatusUpdate(
  projectId: string,
  statusUpdate: StatusUpdateInput,
): Promise<ClientProject> {
  return apiRequest(`/api/users/projects/${encodeURIComponent(projectId)}/status`, {
    method: 'PUT',
    body: { statusUpdate },
    check: checkWith(projectSchema),
  });
}

/** The returned project replaces the local copy in the customer's project list. */
export function useAddStatusUpdate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectId,
      statusUpdate,
    }: {
      projectId: string;
      statusUpdate: StatusUpdateInput;
    }) => addStatusUpdate(projectId, statusUpdate),
    onSuccess: (project) => {
      queryClient.setQueryData<ClientProject[]>(clientProjectsKey(clientId), (projects) =>
        projects?.map((p) => (p._id === project._id ? project : p)),
      );
      return queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
