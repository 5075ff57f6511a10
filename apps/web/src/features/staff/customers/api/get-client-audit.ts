import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@noise/shared/customers';
import { api } from '@/lib/api-client';
import { clientsKey } from './search-clients';

export const clientAuditKey = (id: string) => [...clientsKey, 'audit', id] as const;

/** GET /api/users/clients/{id}/audit: who changed what on this customer, and when. */
export function getClientAudit(id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return api.get<AuditEntry[]>(`/api/users/clients/${encodeURIComponent(id)}/audit`, signal);
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
