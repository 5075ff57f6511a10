import { useMutation } from '@tanstack/react-query';
import { localDate } from '@noise/shared/dates';
import { downloadFile } from '@/lib/download';
import { auditSearchParams, type AuditFilters } from './get-audit-log';

/** GET /api/audit.csv with the screen's filters: downloads the entries they show. */
export function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const params = auditSearchParams(filters).toString();
  return downloadFile(
    `/api/audit.csv${params ? `?${params}` : ''}`,
    `audit-log-${localDate(new Date())}.csv`,
  );
}

export function useExportAuditCsv() {
  return useMutation({ mutationFn: exportAuditCsv });
}
