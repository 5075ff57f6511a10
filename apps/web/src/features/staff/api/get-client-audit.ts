import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { auditEntrySchema, type AuditEntry } from '@noise/shared/customers';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientsKey } from './search-clients';

export const clientAuditKey = (id: string) => [...clientsKey, 'audit', id] as const;

/** GET /api/users/clients/{id}/audit: who changed what on this customer, and when. */
export function getClientAudit(id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return apiRequest(`/api/users/clients/${encodeURIComponent(id)}/audit`, {
    signal,
    check: checkWith(z.array(auditEntrySchema)),
  });
}

export function clientAuditQuery(id: string) {
  return queryOptions({
    queryKey: clientAuditKey(id),
    queryFn: ({ signal }) => getClientAudit(id, signal),
  });
}

export function useClientAudit(id: string) {
  return useQuery(clientAuditQuery(id));
}
