import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InternalNote } from '@noise/shared/customers';
import { api } from '@/lib/api-client';
import { clientsKey } from './search-clients';

export const clientNotesKey = (id: string) => [...clientsKey, 'notes', id] as const;

/** GET /api/users/clients/{id}/notes: internal notes, newest first. */
export function getClientNotes(id: string, signal?: AbortSignal): Promise<InternalNote[]> {
  return api.get<InternalNote[]>(`/api/users/clients/${encodeURIComponent(id)}/notes`, signal);
}

export function clientNotesQuery(id: string) {
  return queryOptions({
    queryKey: clientNotesKey(id),
    queryFn: ({ signal }) => getClientNotes(id, signal),
  });
}

export function useClientNotes(id: string) {
  return useQuery(clientNotesQuery(id));
}
