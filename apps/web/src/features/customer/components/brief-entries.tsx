import { useState } from 'react';
import type { BriefEntry } from '@noise/shared/project';
import { BriefAnswers } from '@/components/intake/brief-answers';
import { BriefHistory } from '@/components/intake/brief-history';
import { AttachmentChip as Attachment } from '@/components/ui/attachment-chip';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { BriefCorrection } from './brief-correction';

/**
 * The brief's entries, oldest first. What the client sent can be corrected until the team starts
 * the work (`canCorrect`: the person's company role lets them work on projects).
 */
export function BriefEntries({
  projectId,
  entries,
  canCorrect = false,
}: {
  projectId: string;
  entries: BriefEntry[];
  canCorrect?: boolean;
}) {
  const [correcting, setCorrecting] = useState<string | null>(null);
  return (
    <ol className="flex flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-2xl bg-canvas p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="text-sm text-muted">
              <span className="font-semibold text-ink">{entry.authorName}</span> ·{' '}
              {formatDate(entry.createdAt)}
            </p>
            {canCorrect && entry.correctable && correcting !== entry._id ? (
              <Button variant="secondary" size="sm" onClick={() => setCorrecting(entry._id)}>
                Correct
              </Button>
            ) : null}
          </div>
          {correcting === entry._id ? (
            <BriefCorrection
              projectId={projectId}
              entry={entry}
              onDone={() => setCorrecting(null)}
            />
          ) : (
            <>
              <BriefAnswers
                entry={entry}
                renderFile={(file) => <Attachment key={file._id} attachment={file} />}
              />
              {entry.text ? (
                <p className="mt-2 wrap-anywhere whitespace-pre-line">{entry.text}</p>
              ) : null}
            </>
          )}
          {entry.attachments.some((a) => !a.questionId) ? (
            <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
              {entry.attachments
                .filter((a) => !a.questionId)
                .map((attachment) => (
                  <Attachment key={attachment._id} attachment={attachment} />
                ))}
            </ul>
          ) : null}
          <BriefHistory entry={entry} />
        </li>
      ))}
    </ol>
  );
}
