import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditKind, type AuditPage } from '@noise/shared/audit';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const auditKey = ['staff', 'audit'] as const;

/** The Audit Log filters as they live in the address bar (empty means 'all'). */
export interface AuditFilters {
  /** Who did it: a person's id. */
  person: string;
  kind: '' | AuditKind;
  /** Local dates (YYYY-MM-DD) in the business time zone. */
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** The filters as query parameters, leaving out the empty ones. */
export function auditSearchParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value) params.set(key, value);
  }
  return params;
}

/** GET /api/audit: one page of the log, newest first; nextCursor asks for the next one. */
export function getAuditLog(
  filters: AuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const params = auditSearchParams(filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/audit?${params.toString()}`, {
    signal,
    check: checkWith(auditPageSchema),
  });
}

export function auditLogQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...auditKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQuery(filters));
}
