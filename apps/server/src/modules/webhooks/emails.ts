import type { EmailKind } from '../../lib/email-kinds.ts';
import { webhookEndpointDisabled } from '../emails/staff.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const webhooksEmails: EmailKind[] = [
  {
    kind: 'webhook-disabled',
    title: 'Webhook endpoint turned off',
    sentWhen: 'To every member who manages webhooks when an endpoint is turned off for failing.',
    demo: (shop) =>
      webhookEndpointDisabled({
        ...shop,
        endpointUrl: 'https://crm.example/hooks/noise',
        reason: 'It failed 20 times in a row since 1 December 2026, 09:00.',
      }),
  },
];
