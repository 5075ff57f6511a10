import type { BriefEntry } from '@noise/shared/project';
import { BriefAnswers } from '@/components/intake/brief-answers';
import { AttachmentChip as Attachment } from '@/components/ui/attachment-chip';
import { formatDate } from '@/lib/format';

export function BriefEntries({ entries }: { entries: BriefEntry[] }) {
  return (
    <ol className="flex flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-2xl bg-canvas p-4">
          <p className="text-sm text-muted">
            <span className="font-semibold text-ink">{entry.authorName}</span> ·{' '}
            {formatDate(entry.createdAt)}
          </p>
          <BriefAnswers
            entry={entry}
            renderFile={(file) => <Attachment key={file._id} attachment={file} />}
          />
          {entry.text ? <p className="mt-2 whitespace-pre-line">{entry.text}</p> : null}
          {entry.attachments.some((a) => !a.questionId) ? (
            <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
              {entry.attachments
                .filter((a) => !a.questionId)
                .map((attachment) => (
                  <Attachment key={attachment._id} attachment={attachment} />
                ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
