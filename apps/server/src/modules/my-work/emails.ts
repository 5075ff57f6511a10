import type { EmailKind } from '../../lib/email-kinds.ts';
import { unsubscribe } from '../emails/demo-data.ts';
import { dailySummary } from '../emails/staff.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const myWorkEmails: EmailKind[] = [
  {
    kind: 'daily-summary',
    title: 'Daily summary',
    sentWhen: 'To each team member who turned it on, on working-day mornings with work due.',
    demo: (shop) => ({
      ...dailySummary({
        ...shop,
        overdue: 1,
        dueToday: 1,
        lines: [
          {
            due: 'Overdue by 2 days',
            order: 'Order 1042',
            serviceTitle: 'SEO Audit',
            customerName: 'Olive Bakery',
            url: `${shop.publicUrl}/wkm-dashboard/sales/edit/demo-project`,
          },
          {
            due: 'Due today',
            order: 'Order 1043',
            serviceTitle: 'Brand refresh',
            customerName: null,
            url: `${shop.publicUrl}/wkm-dashboard/custom-sales/edit/demo-quote`,
          },
        ],
      }),
      unsubscribeUrl: unsubscribe(shop, 'daily-summary'),
    }),
  },
];
