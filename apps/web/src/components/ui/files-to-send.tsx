import { Paperclip, X } from 'lucide-react';
import { Button } from './button';

function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The files chosen for a form, each with its size and a button that takes it off. */
export function FilesToSend({
  files,
  onRemove,
}: {
  files: File[];
  onRemove: (index: number) => void;
}) {
  if (files.length === 0) return null;
  return (
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
            onClick={() => onRemove(index)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
