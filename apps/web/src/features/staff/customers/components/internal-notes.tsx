import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
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
  const [text, setText] = useState('');
  useToastOnError(notes.error, 'Could not load internal notes');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const note = text.trim();
    if (!note) return;
    try {
      await addNote.mutateAsync(note);
      setText('');
    } catch (error) {
      toastApiError(error, 'Could not save the note');
    }
  }

  return (
    <StaffSection title="Internal Notes" description="Only staff see these.">
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <Textarea
          label="New note"
          hideLabel
          placeholder="Add a new note..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={5000}
        />
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          disabled={addNote.isPending || !text.trim()}
        >
          {addNote.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Save Note
        </Button>
      </form>
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
