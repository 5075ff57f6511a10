import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { internalNoteSchema, type InternalNote } from '@noise/shared/customers';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientsKey } from '../../api/search-clients';

export const clientNotesKey = (id: string) => [...clientsKey, 'notes', id] as const;

/** GET /api/users/clients/{id}/notes: internal notes, newest first. */
export function getClientNotes(id: string, signal?: AbortSignal): Promise<InternalNote[]> {
  return apiRequest(`/api/users/clients/${encodeURIComponent(id)}/notes`, {
    signal,
    check: checkWith(z.array(internalNoteSchema)),
  });
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
