import { FileText, Paperclip, X } from 'lucide-react';
import { useId, useState } from 'react';
import { BRIEF_MAX_FILES, BRIEF_TEXT_MAX, type BriefEntry } from '@noise/shared/project';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useAddBriefEntry } from '../api/brief';

const ACCEPT = 'image/*,application/pdf,.pdf';

function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface BriefFormProps {
  projectId: string;
  /** The first brief is 'requirements'; later ones add to it. */
  first?: boolean;
  onSent?: (entry: BriefEntry) => void;
}

/** Submit Requirements: text and files for the team (POST /api/projects/{id}/brief). */
export function BriefForm({ projectId, first, onSent }: BriefFormProps) {
  const fileInputId = useId();
  const add = useAddBriefEntry(projectId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');

  function addFiles(chosen: File[]) {
    setFailure('');
    const accepted = chosen.filter(
      (file) => file.type.startsWith('image/') || file.type === 'application/pdf',
    );
    if (accepted.length < chosen.length) setFailure('Only images and PDF files can be attached.');
    setFiles((current) => {
      const next = [...current, ...accepted];
      if (next.length > BRIEF_MAX_FILES) {
        setFailure(`You can attach up to ${BRIEF_MAX_FILES} files at a time.`);
        return next.slice(0, BRIEF_MAX_FILES);
      }
      return next;
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    if (!text.trim() && files.length === 0) {
      setFailure('Write a few words or attach a file first.');
      return;
    }
    setFailure('');
    setProgress(0);
    try {
      const entry = await add.mutateAsync({
        text: text.trim(),
        files,
        onProgress: (p) => setProgress(p.fraction),
      });
      setText('');
      setFiles([]);
      onSent?.(entry);
    } catch (error) {
      setFailure(errorMessage(error, 'Your brief could not be sent.'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset disabled={add.isPending} className="flex min-w-0 flex-col gap-4">
        <Textarea
          label={first ? 'Your requirements' : 'Add to your brief'}
          hint="Goals, audience, deadlines, links, brand guidelines: anything that helps your team."
          value={text}
          maxLength={BRIEF_TEXT_MAX}
          rows={6}
          onChange={(event) => setText(event.target.value)}
        />
        <Field
          id={fileInputId}
          label="Attachments"
          hint={`Images or PDFs, up to ${BRIEF_MAX_FILES} files.`}
        >
          <input
            id={fileInputId}
            type="file"
            accept={ACCEPT}
            multiple
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (chosen.length) addFiles(chosen);
            }}
            className="block w-full cursor-pointer rounded-xl border-2 border-dashed border-line bg-paper p-2 text-sm text-muted file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-sm file:font-semibold file:text-paper hover:border-ink/40 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong"
          />
        </Field>
        {files.length ? (
          <ul aria-label="Files to send" className="flex flex-col gap-2">
            {files.map((file, index) => (
              <li
                key={`${file.name}-${index}`}
                className="flex items-center gap-3 rounded-xl bg-canvas px-3 py-2 text-sm"
              >
                <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted" />
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <span className="text-muted">{sizeLabel(file.size)}</span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {progress !== null && files.length ? (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-ink/10"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      ) : null}
      {failure ? (
        <p
          role="alert"
          className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={add.isPending}>
          <FileText aria-hidden="true" />
          {add.isPending ? 'Sending...' : first ? 'Submit Requirements' : 'Add to brief'}
        </Button>
      </div>
    </form>
  );
}
