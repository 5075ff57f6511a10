import { queryOptions, useQuery } from '@tanstack/react-query';
import { gstReportSchema, type GstReport } from '@noise/shared/reports';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { reportsKey } from './get-revenue-report';

/** GET /api/reports/gst: GST collected in each of the last quarters. */
export function getGstReport(signal?: AbortSignal): Promise<GstReport> {
  return apiRequest('/api/reports/gst', { signal, check: checkWith(gstReportSchema) });
}

export const gstReportQuery = queryOptions({
  queryKey: [...reportsKey, 'gst'],
  queryFn: ({ signal }) => getGstReport(signal),
  staleTime: 60_000,
});

export function useGstReport() {
  return useQuery(gstReportQuery);
}
