import { useState } from 'react';
import type { EmailPreview } from '@noise/shared/emails';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { EmptyState, StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useEmailPreviews } from '../api/email-previews';

/**
 * /wkm-dashboard/emails (docs/product.md#emails): every email the shop sends, with made-up
 * data, as its recipient sees it: subject, the HTML part and the plain-text part.
 */
export function EmailsRoute() {
  usePageMeta('Emails');
  const previews = useEmailPreviews();
  useToastOnError(previews.error, 'Could not load the emails');
  const [chosen, setChosen] = useState<string | null>(null);

  return (
    <div className="max-w-6xl">
      <StaffPageHeader
        title="Emails"
        description="Every email the site sends, with made-up details, as it arrives: in the shop's colours with its button, and the plain text beside it."
      />
      {previews.isPending ? (
        <Skeleton className="h-96" />
      ) : previews.isError ? (
        <EmptyState title="The emails could not be loaded">
          <p>{errorMessage(previews.error)}</p>
          <Button className="mt-4" onClick={() => void previews.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : (
        <EmailBrowser
          items={previews.data.items}
          chosen={chosen ?? previews.data.items[0]?.kind ?? ''}
          onChoose={setChosen}
        />
      )}
    </div>
  );
}

function EmailBrowser({
  items,
  chosen,
  onChoose,
}: {
  items: EmailPreview[];
  chosen: string;
  onChoose: (kind: string) => void;
}) {
  const current = items.find((item) => item.kind === chosen) ?? items[0];
  if (!current) return null;
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="md:hidden">
        <Select
          label="Email"
          value={current.kind}
          onChange={(event) => onChoose(event.target.value)}
          options={items.map((item) => ({ value: item.kind, label: item.title }))}
        />
      </div>
      <nav aria-label="Emails" className="hidden md:block">
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.kind}>
              <button
                type="button"
                aria-current={item.kind === current.kind ? 'true' : undefined}
                onClick={() => onChoose(item.kind)}
                className={cn(
                  'w-full cursor-pointer rounded-xl px-3 py-2 text-left text-sm font-semibold focus-visible:outline-3 focus-visible:outline-accent-strong',
                  item.kind === current.kind ? 'bg-ink text-paper' : 'text-ink hover:bg-ink/5',
                )}
              >
                {item.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <EmailPreviewCard preview={current} />
    </div>
  );
}

function EmailPreviewCard({ preview }: { preview: EmailPreview }) {
  return (
    <section
      aria-labelledby="email-preview-title"
      className="min-w-0 rounded-card border-2 border-ink/10 bg-paper p-4 shadow-card sm:p-6"
    >
      <h2 id="email-preview-title" className="text-2xl font-bold">
        {preview.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{preview.sentWhen}</p>
      <dl className="mt-4 grid gap-1 text-sm">
        <dt className="font-semibold">Subject</dt>
        <dd className="break-words" data-testid="email-subject">
          {preview.subject}
        </dd>
      </dl>
      <h3 className="mt-5 text-sm font-semibold">HTML</h3>
      {/* No scripts run in it. Same-origin, so its images load as the page's own and the frame
          can be made as tall as the email, which then scrolls with the page. */}
      <iframe
        key={preview.kind}
        title={`${preview.title}: HTML`}
        srcDoc={preview.html}
        sandbox="allow-same-origin"
        onLoad={(event) => {
          const frame = event.currentTarget;
          const height = frame.contentDocument?.documentElement.scrollHeight;
          if (height) frame.style.height = `${height + 4}px`;
        }}
        className="mt-2 h-[44rem] w-full rounded-xl border-2 border-ink/10 bg-canvas"
      />
      <details className="mt-5">
        <summary className="cursor-pointer text-sm font-semibold">Plain-text part</summary>
        <pre className="mt-2 overflow-x-auto rounded-xl bg-ink/5 p-4 text-sm whitespace-pre-wrap break-words">
          {preview.text}
        </pre>
      </details>
    </section>
  );
}
