import type { EmailKind } from '../../lib/email-kinds.ts';
import { requestStartedMail } from '../emails/requests.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const requestsEmails: EmailKind[] = [
  {
    kind: 'request-started',
    title: 'Request started',
    sentWhen:
      'To the client who submitted a queued request of a plan, when it starts on its own after the one before it is approved or closed.',
    demo: (shop) =>
      requestStartedMail({
        ...shop,
        firstName: 'Olivia',
        title: 'Autumn menu flyer',
        orderNumber: 1043,
        projectId: 'demo-project',
      }),
  },
];
