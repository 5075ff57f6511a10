import type { EmailPreview } from '@noise/shared/emails';
import { renderEmailHtml, type EmailBrand } from '../../lib/email-html.ts';
import type { EmailKind } from '../../lib/email-kinds.ts';

/**
 * Every kind of email (each module's `emails`) rendered with demo data, as it would be sent now: the staff's 'Emails'
 * page (docs/product.md#emails).
 */
export async function previewEmails(
  kinds: readonly EmailKind[],
  brand: EmailBrand,
): Promise<EmailPreview[]> {
  return Promise.all(
    kinds.map(async ({ kind, title, sentWhen, demo }) => {
      const email = demo(brand);
      return {
        kind,
        title,
        sentWhen,
        subject: email.subject,
        text: email.text,
        html: await renderEmailHtml(email, brand),
      };
    }),
  );
}
