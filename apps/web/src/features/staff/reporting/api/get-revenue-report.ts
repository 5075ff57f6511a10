import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  revenueReportSchema,
  type RevenueReport,
  type RevenueReportQuery,
} from '@noise/shared/reports';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const reportsKey = ['staff', 'reports'] as const;

/** The page always names the period and its dates, which the server would otherwise default. */
export type RevenueReportParams = Required<RevenueReportQuery>;

/** GET /api/reports/revenue: money received and orders per period, and by service. */
export function getRevenueReport(
  params: RevenueReportParams,
  signal?: AbortSignal,
): Promise<RevenueReport> {
  const search = new URLSearchParams({ ...params });
  return apiRequest(`/api/reports/revenue?${search.toString()}`, {
    signal,
    check: checkWith(revenueReportSchema),
  });
}

export function revenueReportQuery(params: RevenueReportParams) {
  return queryOptions({
    queryKey: [...reportsKey, 'revenue', params],
    queryFn: ({ signal }) => getRevenueReport(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useRevenueReport(params: RevenueReportParams, enabled = true) {
  return useQuery({ ...revenueReportQuery(params), enabled });
}
