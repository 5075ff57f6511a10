import { ImageIcon, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { useObjectUrl } from './object-urls';

interface FileFieldProps {
  label: ReactNode;
  accept: string;
  multiple?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Called with the chosen files; the input is cleared so the same file can be chosen again. */
  onFiles: (files: File[]) => void;
  id?: string;
}

/** A labelled native file input. */
export function FileField({ label, accept, multiple, hint, error, onFiles, id }: FileFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} hint={hint} error={error}>
      <input
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
        className="block w-full cursor-pointer rounded-xl border-2 border-dashed border-line bg-paper p-2 text-sm text-muted file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-sm file:font-semibold file:text-paper hover:border-ink/40 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong"
      />
    </Field>
  );
}

interface ImageFileFieldProps {
  label: string;
  /** The newly chosen file, if any. */
  file: File | null;
  /** The image stored now ('' for none). */
  currentUrl?: string;
  onFile: (file: File | null) => void;
  /** Offer to drop the stored image (sent as featurePhoto ''). */
  onRemoveCurrent?: () => void;
  hint?: ReactNode;
  error?: string;
  /** 'round' for a profile photo. */
  shape?: 'square' | 'round';
}

/** One image: a preview of the chosen or stored image and a file input (accept="image/*"). */
export function ImageFileField({
  label,
  file,
  currentUrl,
  onFile,
  onRemoveCurrent,
  hint,
  error,
  shape = 'square',
}: ImageFileFieldProps) {
  const chosenUrl = useObjectUrl(file);
  const preview = chosenUrl ?? (currentUrl || null);
  const frame = shape === 'round' ? 'rounded-full' : 'rounded-xl';
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div
        className={`grid size-24 shrink-0 place-items-center overflow-hidden border-2 border-line bg-canvas ${frame}`}
      >
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-8 text-muted" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <FileField
          label={label}
          accept="image/*"
          hint={hint}
          error={error}
          onFiles={(files) => onFile(files[0] ?? null)}
        />
        {file ? (
          <Button variant="ghost" size="sm" className="self-start" onClick={() => onFile(null)}>
            <X aria-hidden="true" />
            Clear chosen image
          </Button>
        ) : currentUrl && onRemoveCurrent ? (
          <Button variant="ghost" size="sm" className="self-start" onClick={onRemoveCurrent}>
            <X aria-hidden="true" />
            Remove image
          </Button>
        ) : null}
      </div>
    </div>
  );
}
