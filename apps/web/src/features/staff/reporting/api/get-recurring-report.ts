import { queryOptions, useQuery } from '@tanstack/react-query';
import { recurringReportSchema, type RecurringReport } from '@noise/shared/reports';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { reportsKey } from './get-revenue-report';

/** GET /api/reports/recurring: the plans' monthly amount, soon renewals, unpaid invoices by age. */
export function getRecurringReport(signal?: AbortSignal): Promise<RecurringReport> {
  return apiRequest('/api/reports/recurring', {
    signal,
    check: checkWith(recurringReportSchema),
  });
}

export const recurringReportQuery = queryOptions({
  queryKey: [...reportsKey, 'recurring'],
  queryFn: ({ signal }) => getRecurringReport(signal),
  staleTime: 60_000,
});

export function useRecurringReport() {
  return useQuery(recurringReportQuery);
}
