import type { EmailPreview } from '@noise/shared/emails';
import { renderEmailHtml, type EmailBrand } from '../../lib/email-html.ts';
import { emailKinds } from './catalogue.ts';

/**
 * Every kind of email rendered with demo data, as it would be sent now: the staff's 'Emails'
 * page (docs/product.md#emails).
 */
export async function previewEmails(brand: EmailBrand): Promise<EmailPreview[]> {
  return Promise.all(
    emailKinds.map(async ({ kind, title, sentWhen, demo }) => {
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
