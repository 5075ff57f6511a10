import { useId } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TYPES_TEXT,
  isAttachableFile,
} from '@noise/shared/attachments';
import { BRIEF_MAX_FILES } from '@noise/shared/project';
import { describedBy, Field } from '@/components/ui/field';
import { FilesToSend } from '@/components/ui/files-to-send';

const FILE_INPUT =
  'block w-full cursor-pointer rounded-xl border-2 border-dashed border-line bg-paper p-2 text-sm text-muted file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-sm file:font-semibold file:text-paper hover:border-ink/40 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong';

/**
 * 'Attachments': files for the team, up to BRIEF_MAX_FILES, of the kinds a brief takes. Files of
 * another kind, or past the count, are left out and `onRefused` says why.
 */
export function AttachmentsField({
  files,
  onFiles,
  onRefused,
  error,
  disabled,
}: {
  files: File[];
  onFiles: (files: File[]) => void;
  onRefused: (message: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  function add(chosen: File[]) {
    const accepted = chosen.filter(isAttachableFile);
    const next = [...files, ...accepted];
    onFiles(next.slice(0, BRIEF_MAX_FILES));
    if (next.length > BRIEF_MAX_FILES) {
      onRefused(`You can attach up to ${BRIEF_MAX_FILES} files at a time.`);
    } else if (accepted.length < chosen.length) {
      onRefused(`Only ${ATTACHMENT_TYPES_TEXT} can be attached.`);
    }
  }
  return (
    <>
      <Field
        id={id}
        label="Attachments"
        hint={`Images, PDFs, office documents or zip files, up to ${BRIEF_MAX_FILES} files.`}
        error={error}
      >
        <input
          id={id}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          multiple
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, true)}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (chosen.length) add(chosen);
          }}
          className={FILE_INPUT}
        />
      </Field>
      <FilesToSend
        files={files}
        onRemove={(index) => onFiles(files.filter((_, i) => i !== index))}
      />
    </>
  );
}
