import type { EmailKind } from '../../lib/email-kinds.ts';
import { project } from '../emails/demo-data.ts';
import { refusalNotice } from '../emails/inbound-mail.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const messagesEmails: EmailKind[] = [
  {
    kind: 'reply-refused',
    title: 'Reply by email not posted',
    sentWhen:
      'To the person whose reply address was answered and the reply refused, once an hour at most.',
    demo: (shop) =>
      refusalNotice({
        companyName: shop.companyName,
        projectTitle: 'SEO Audit (Order 1042)',
        projectUrl: project(shop),
        reason: 'This reply address has expired: please answer on the website.',
      }),
  },
];
