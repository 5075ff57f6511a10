import { Download, FileText, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import type { BriefEntry } from '@noise/shared/project';
import { toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { downloadFile } from '@/lib/download';

function Attachment({ attachment }: { attachment: BriefEntry['attachments'][number] }) {
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

export function BriefEntries({ entries }: { entries: BriefEntry[] }) {
  return (
    <ol className="flex flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-2xl bg-canvas p-4">
          <p className="text-sm text-muted">
            <span className="font-semibold text-ink">{entry.authorName}</span> ·{' '}
            {formatDate(entry.createdAt)}
          </p>
          {entry.text ? <p className="mt-2 whitespace-pre-line">{entry.text}</p> : null}
          {entry.attachments.length ? (
            <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
              {entry.attachments.map((attachment) => (
                <Attachment key={attachment._id} attachment={attachment} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
