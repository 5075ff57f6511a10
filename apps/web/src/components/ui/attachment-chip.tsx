import { Download, FileText, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { toastApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export interface AttachmentRef {
  _id: string;
  name: string;
  contentType: string;
  url: string;
}

/** A private file (brief, message): its name, and a click downloads it with the session. */
export function AttachmentChip({ attachment }: { attachment: AttachmentRef }) {
  const [busy, setBusy] = useState(false);
  const Icon = attachment.contentType.startsWith('image/') ? ImageIcon : FileText;
  return (
    <li>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await downloadFile(attachment.url, attachment.name);
          } catch (error) {
            toastApiError(error, `Could not download ${attachment.name}`);
          } finally {
            setBusy(false);
          }
        }}
        className="inline-flex max-w-full cursor-pointer items-center gap-2 rounded-full border-2 border-line bg-paper px-3 py-1.5 text-sm font-semibold hover:border-ink disabled:opacity-60"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted" />
        <span className="truncate">{attachment.name}</span>
        <Download aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">(download)</span>
      </button>
    </li>
  );
}
