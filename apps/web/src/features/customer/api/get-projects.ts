import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@noise/shared/project';
import { api } from '@/lib/api-client';

/** GET /api/projects?userId={id}: the customer's projects, newest first. */
export function getProjects(userId: string, signal?: AbortSignal): Promise<Project[]> {
  return api.get<Project[]>(`/api/projects?userId=${encodeURIComponent(userId)}`, signal);
}

export const projectsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['projects', 'list', userId],
    queryFn: ({ signal }) => getProjects(userId, signal),
  });

export function useProjects(userId: string | undefined) {
  return useQuery({ ...projectsQuery(userId ?? ''), enabled: Boolean(userId) });
}
