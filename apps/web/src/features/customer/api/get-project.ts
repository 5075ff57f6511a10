import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@noise/shared/project';
import { api } from '@/lib/api-client';

/** GET /api/projects/{id}: one of the customer's projects (404 for anyone else's). */
export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, signal);
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
