import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GstReport } from '@noise/shared/reports';
import { api } from '@/lib/api-client';
import { reportsKey } from './get-revenue-report';

/** GET /api/reports/gst: GST collected in each of the last quarters. */
export function getGstReport(signal?: AbortSignal): Promise<GstReport> {
  return api.get<GstReport>('/api/reports/gst', signal);
}

export const gstReportQuery = queryOptions({
  queryKey: [...reportsKey, 'gst'],
  queryFn: ({ signal }) => getGstReport(signal),
  staleTime: 60_000,
});

export function useGstReport() {
  return useQuery(gstReportQuery);
}
