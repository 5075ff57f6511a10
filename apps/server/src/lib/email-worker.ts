// The script of the email worker thread (email-render-pool.ts): built to dist/email-worker.js.
import { renderEmailHtml, type EmailBrand, type EmailContent } from './email-html.ts';
import { writeOutboxMail, type OutboxMail } from './outbox-mail.ts';

export function render(input: { content: EmailContent; brand: EmailBrand }) {
  return renderEmailHtml(input.content, input.brand);
}

export function writeOutbox(mail: OutboxMail) {
  return writeOutboxMail(mail);
}
