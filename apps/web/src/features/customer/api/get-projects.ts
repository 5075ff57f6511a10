import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectSchema, type Project } from '@noise/shared/project';
import {
  PROJECTS_NEXT_CURSOR_HEADER,
  PROJECTS_PAGE_SIZE,
  PROJECTS_TOTAL_HEADER,
} from '@noise/shared/project-constants';
import { apiRequestWithHeaders } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** One page of the list, as the Sales list's pages, with the customer's whole count. */
export interface ProjectsPage {
  items: Project[];
  /** All the customer's projects, not only this page's. */
  total: number;
  /** Pass back for the next page; null on the last one. */
  nextCursor: string | null;
}

/** GET /api/projects?userId={id}: a page of the customer's projects, newest first. */
export async function getProjects(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProjectsPage> {
  const params = new URLSearchParams({ userId, limit: String(PROJECTS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await apiRequestWithHeaders(`/api/projects?${params.toString()}`, {
    signal,
    check: checkWith(z.array(projectSchema)),
  });
  const total = Number(headers.get(PROJECTS_TOTAL_HEADER));
  return {
    items: data,
    total: Number.isFinite(total) && total >= data.length ? total : data.length,
    nextCursor: headers.get(PROJECTS_NEXT_CURSOR_HEADER) || null,
  };
}

export const projectsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['projects', 'list', userId],
    queryFn: ({ pageParam, signal }) => getProjects(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useProjects(userId: string | undefined) {
  return useInfiniteQuery({ ...projectsQuery(userId ?? ''), enabled: Boolean(userId) });
}
