import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { renderEmailHtml, type EmailBrand, type EmailContent } from './email-html.ts';
import { writeOutboxMail, type OutboxMail } from './outbox-mail.ts';

export type RenderEmailHtml = (content: EmailContent, brand: EmailBrand) => Promise<string>;

export interface EmailRenderer {
  render: RenderEmailHtml;
  /** Composes a mail and writes it to the outbox (lib/outbox-mail.ts); answers the .eml's path. */
  writeOutbox: (mail: OutboxMail) => Promise<string>;
  close(): Promise<void>;
}

/**
 * Renders emails' HTML parts on a worker thread, as the invoices' PDFs are
 * (modules/invoices/render-pool.ts, docs/performance.md): a render is about 7 ms of CPU
 * (decision 078) that the email job would otherwise take from requests, a burst of receipts at
 * every poll under load. Without SMTP the thread also composes each mail and writes it to the
 * outbox. One thread, started on the first mail and ended after a minute idle. The built server
 * has the script beside it (dist/email-worker.js); run from source (tests, `npm run dev`) it
 * renders and writes in the process.
 */
export function createEmailRenderer(): EmailRenderer {
  const script = new URL('./email-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) {
    return { render: renderEmailHtml, writeOutbox: writeOutboxMail, close: async () => {} };
  }
  // Both tasks answer a string: the HTML, or the path of the mail written.
  const pool = new Piscina<{ content: EmailContent; brand: EmailBrand } | OutboxMail, string>({
    filename: script.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  return {
    // Only what the layout reads crosses to the thread: never the attachments.
    render: ({ subject, text, action, reason, unsubscribeUrl }, brand) =>
      pool.run(
        { content: { subject, text, action, reason, unsubscribeUrl }, brand },
        { name: 'render' },
      ),
    writeOutbox: (mail) => pool.run(mail, { name: 'writeOutbox' }),
    close: () => pool.destroy(),
  };
}
