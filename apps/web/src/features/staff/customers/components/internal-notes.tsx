import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createNoteRequest, NOTE_MAX_LENGTH } from '@noise/shared/customers';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { EmptyState, StaffSection } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useAddClientNote } from '../api/add-client-note';
import { useClientNotes } from '../api/get-client-notes';

/** Internal Notes (docs/product.md#edit-customer): note, admin name, date; 'Save Note' adds one. */
export function InternalNotes({ clientId }: { clientId: string }) {
  const notes = useClientNotes(clientId);
  const addNote = useAddClientNote(clientId);
  const form = useForm<
    z.input<typeof createNoteRequest>,
    unknown,
    z.output<typeof createNoteRequest>
  >({
    resolver: zodResolver(createNoteRequest),
    defaultValues: { note: '' },
  });
  // Nothing to save until something is written: the button waits for it.
  const written = useWatch({ control: form.control, name: 'note' }).trim() !== '';
  useToastOnError(notes.error, 'Could not load internal notes');

  async function onSubmit({ note }: z.output<typeof createNoteRequest>) {
    try {
      await addNote.mutateAsync(note);
      form.reset({ note: '' });
    } catch (error) {
      // Told by a toast; what was written stays.
      toastApiError(error, 'Could not save the note');
    }
  }

  return (
    <StaffSection title="Internal Notes" description="Only staff see these.">
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-3">
        <FormField
          control={form.control}
          name="note"
          render={(field) => (
            <Textarea
              label="New note"
              hideLabel
              placeholder="Add a new note..."
              maxLength={NOTE_MAX_LENGTH}
              {...field}
            />
          )}
        />
        <FormSubmit variant="secondary" className="self-start" disabled={!written}>
          Save Note
        </FormSubmit>
      </Form>
      <div className="mt-6">
        {notes.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : !notes.data?.length ? (
          <EmptyState title="No notes yet" />
        ) : (
          <ul aria-label="Internal notes" className="flex flex-col gap-3">
            {notes.data.map((note) => (
              <li key={note._id} className="rounded-xl bg-canvas px-4 py-3">
                <p className="whitespace-pre-line break-words">{note.note}</p>
                <p className="mt-2 text-xs font-semibold text-muted">
                  {note.adminName} ·{' '}
                  <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </StaffSection>
  );
}
