import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@noise/shared/customers';
import { clientAuditQuery } from '../../api/get-client-audit';

/**
 * The sale's activity: the customer's audit trail (GET /api/users/clients/{id}/audit) narrowed
 * to this project's entries. It shares the customer screen's cache entry, so either screen's
 * changes show on both.
 */
export function useSaleActivity(userId: string, projectId: string) {
  return useQuery({
    ...clientAuditQuery(userId),
    select: (entries: AuditEntry[]) =>
      entries.filter((entry) => entry.entityType === 'project' && entry.entityId === projectId),
  });
}
