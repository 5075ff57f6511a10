import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { salesPageSchema, type Project, type salesDateRanges } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const salesKey = ['staff', 'sales'] as const;

/** The Sales list filters as they live in the address bar (empty means 'all'). */
export interface SalesFilters {
  /** An order number ('1001' or '#1001'), or part of a company, customer name or email. */
  search: string;
  company: string;
  service: string;
  status: string;
  teamMember: string;
  dateRange: '' | (typeof salesDateRanges)[number];
  type: '' | 'Project' | 'CustomQuote';
}

export interface SalesPage {
  items: Project[];
  nextCursor: string | null;
}

export const SALES_PAGE_SIZE = 25;

/** The filters as query parameters, leaving out the empty ones. */
export function salesSearchParams(filters: Partial<SalesFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value) params.set(key, value);
  }
  return params;
}

/** GET /api/projects-all: one page of sales, newest first; nextCursor asks for the next one. */
export function getSales(
  filters: SalesFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SalesPage> {
  const params = salesSearchParams(filters);
  params.set('limit', String(SALES_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/projects-all?${params.toString()}`, {
    signal,
    check: checkWith(salesPageSchema),
  });
}

export function salesQuery(filters: SalesFilters) {
  return infiniteQueryOptions({
    queryKey: [...salesKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getSales(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSales(filters: SalesFilters) {
  return useInfiniteQuery(salesQuery(filters));
}
