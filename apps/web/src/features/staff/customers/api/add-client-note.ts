import { useMutation, useQueryClient } from '@tanstack/react-query';
import { internalNoteSchema, type InternalNote } from '@noise/shared/customers';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientAuditKey } from '../../api/get-client-audit';
import { clientNotesKey } from './get-client-notes';

/** POST /api/users/clients/{id}/notes: returns the new note. */
export function addClientNote(id: string, note: string): Promise<InternalNote> {
  return apiRequest(`/api/users/clients/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: { note },
    check: checkWith(internalNoteSchema),
  });
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
