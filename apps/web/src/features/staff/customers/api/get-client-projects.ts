import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectSchema, type Project } from '@noise/shared/project';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientsKey } from '../../api/search-clients';

/** A customer's project (sale), as every project is answered (docs/product.md#data-shapes). */
export type ClientProject = Project;

const projectsAnswer = z.array(projectSchema);

export const clientProjectsKey = (id: string) => [...clientsKey, 'projects', id] as const;

/**
 * GET /api/users/clients/{id}/projects. A 404 for a customer we just loaded means the projects
 * API is not on this server yet: the customer simply has no projects to show.
 */
export async function getClientProjects(
  id: string,
  signal?: AbortSignal,
): Promise<ClientProject[]> {
  try {
    return await apiRequest(`/api/users/clients/${encodeURIComponent(id)}/projects`, {
      signal,
      check: checkWith(projectsAnswer),
    });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export function clientProjectsQuery(id: string) {
  return queryOptions({
    queryKey: clientProjectsKey(id),
    queryFn: ({ signal }) => getClientProjects(id, signal),
  });
}

export function useClientProjects(id: string) {
  return useQuery(clientProjectsQuery(id));
}
