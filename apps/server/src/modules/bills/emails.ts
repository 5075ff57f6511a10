import type { EmailKind } from '../../lib/email-kinds.ts';
import { demoBill } from '../emails/demo-data.ts';
import { billReminder, billSent } from '../emails/bills.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const billsEmails: EmailKind[] = [
  {
    kind: 'invoice-sent',
    title: 'Invoice',
    sentWhen: 'To the customer when staff send an invoice: its total, due date and pay link.',
    demo: (shop) => billSent(demoBill(shop)),
  },
  {
    kind: 'invoice-reminder',
    title: 'Invoice reminder',
    sentWhen:
      'To the customer a few days before an unpaid invoice is due, and again once it is overdue.',
    demo: (shop) => billReminder({ ...demoBill(shop), overdue: true }),
  },
];
