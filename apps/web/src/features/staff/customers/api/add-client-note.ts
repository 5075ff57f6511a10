import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InternalNote } from '@noise/shared/customers';
import { api } from '@/lib/api-client';
import { clientAuditKey } from './get-client-audit';
import { clientNotesKey } from './get-client-notes';

/** POST /api/users/clients/{id}/notes: returns the new note. */
export function addClientNote(id: string, note: string): Promise<InternalNote> {
  return api.post<InternalNote>(`/api/users/clients/${encodeURIComponent(id)}/notes`, { note });
}

export function useAddClientNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => addClientNote(id, note),
    onSuccess: (note) => {
      queryClient.setQueryData<InternalNote[]>(clientNotesKey(id), (notes) =>
        notes ? [note, ...notes.filter((n) => n._id !== note._id)] : [note],
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientNotesKey(id) }),
        queryClient.invalidateQueries({ queryKey: clientAuditKey(id) }),
      ]);
    },
  });
}
