import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/projects/{id}: one of the customer's projects (404 for anyone else's). */
export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(projectSchema),
  });
}

export const projectQuery = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => getProject(id, signal),
    retry: false,
  });

export function useProject(id: string) {
  return useQuery(projectQuery(id));
}
