// The script of the email worker thread (email-render-pool.ts): built to dist/email-worker.js.
import { renderEmailHtml, type EmailBrand, type EmailContent } from './email-html.ts';

export default function render(input: { content: EmailContent; brand: EmailBrand }) {
  return renderEmailHtml(input.content, input.brand);
}
