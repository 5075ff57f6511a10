import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditPeopleSchema, type AuditPerson } from '@noise/shared/audit';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { auditKey } from './get-audit-log';

/** GET /api/audit/people: the choices of the 'Person' filter. */
export function getAuditPeople(signal?: AbortSignal): Promise<AuditPerson[]> {
  return apiRequest('/api/audit/people', { signal, check: checkWith(auditPeopleSchema) });
}

export const auditPeopleQuery = queryOptions({
  queryKey: [...auditKey, 'people'],
  queryFn: ({ signal }) => getAuditPeople(signal),
  staleTime: 60_000,
});

export function useAuditPeople() {
  return useQuery(auditPeopleQuery);
}
