import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { salesSearchParams, type SalesFilters } from './get-sales';

function localDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** GET /api/reports/sales.csv with the Sales list's filters: downloads the filtered sales. */
export function exportSalesCsv(filters: Partial<SalesFilters>): Promise<void> {
  const params = salesSearchParams(filters).toString();
  return downloadFile(
    `/api/reports/sales.csv${params ? `?${params}` : ''}`,
    `sales-${localDate()}.csv`,
  );
}

export function useExportSalesCsv() {
  return useMutation({ mutationFn: exportSalesCsv });
}
