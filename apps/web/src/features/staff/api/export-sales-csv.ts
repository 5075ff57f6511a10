import { useMutation } from '@tanstack/react-query';
import { localDate } from '@noise/shared/dates';
import { downloadFile } from '@/lib/download';
import { salesSearchParams, type SalesFilters } from './get-sales';

/** GET /api/reports/sales.csv with the Sales list's filters: downloads the filtered sales. */
export function exportSalesCsv(filters: Partial<SalesFilters>): Promise<void> {
  const params = salesSearchParams(filters).toString();
  return downloadFile(
    `/api/reports/sales.csv${params ? `?${params}` : ''}`,
    `sales-${localDate(new Date())}.csv`,
  );
}

export function useExportSalesCsv() {
  return useMutation({ mutationFn: exportSalesCsv });
}
