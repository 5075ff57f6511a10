import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPerson } from '@noise/shared/audit';
import { api } from '@/lib/api-client';
import { auditKey } from './get-audit-log';

/** GET /api/audit/people: the choices of the 'Person' filter. */
export function getAuditPeople(signal?: AbortSignal): Promise<AuditPerson[]> {
  return api.get<AuditPerson[]>('/api/audit/people', signal);
}

export const auditPeopleQuery = queryOptions({
  queryKey: [...auditKey, 'people'],
  queryFn: ({ signal }) => getAuditPeople(signal),
  staleTime: 60_000,
});

export function useAuditPeople() {
  return useQuery(auditPeopleQuery);
}
