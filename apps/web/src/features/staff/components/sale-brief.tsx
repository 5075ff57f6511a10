import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import type { BriefEntry } from '@noise/shared/project';
import { BriefAnswers } from '@/components/intake/brief-answers';
import { BriefHistory } from '@/components/intake/brief-history';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { downloadFile } from '@/lib/download';
import { EmptyState, StaffSection } from './page-header';
import { useToastOnError } from './use-toast-on-error';
import { useSaleBrief } from '../api/get-sale-brief';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Attachment({ file }: { file: BriefEntry['attachments'][number] }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(file.url, file.name);
    } catch (error) {
      toastApiError(error, `Could not download ${file.name}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li>
      <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy}>
        <Paperclip aria-hidden="true" />
        <span className="max-w-56 truncate">{file.name}</span>
        <span className="font-normal text-muted">{formatSize(file.size)}</span>
      </Button>
    </li>
  );
}

/** The customer's brief (Submit Requirements after payment), with its files. */
export function SaleBrief({ saleId }: { saleId: string }) {
  const brief = useSaleBrief(saleId);
  useToastOnError(brief.error, "Could not load the customer's brief");
  return (
    <StaffSection title="Customer's Brief">
      {brief.isPending ? (
        <Skeleton className="h-24" />
      ) : brief.isError ? (
        <EmptyState title="The brief could not be loaded">
          <Button variant="link" onClick={() => void brief.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : brief.data.length === 0 ? (
        <EmptyState title="Waiting for the customer's brief" />
      ) : (
        <ol className="flex flex-col gap-4">
          {brief.data.map((entry) => (
            <li key={entry._id} className="rounded-xl bg-canvas px-4 py-3">
              <p className="text-xs font-semibold text-muted">
                {entry.authorName} ·{' '}
                <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
              </p>
              <BriefAnswers
                entry={entry}
                renderFile={(file) => <Attachment key={file._id} file={file} />}
              />
              {entry.text ? (
                <p className="mt-2 whitespace-pre-line break-words">{entry.text}</p>
              ) : null}
              {entry.attachments.some((f) => !f.questionId) ? (
                <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
                  {entry.attachments
                    .filter((f) => !f.questionId)
                    .map((file) => (
                      <Attachment key={file._id} file={file} />
                    ))}
                </ul>
              ) : null}
              <BriefHistory entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
