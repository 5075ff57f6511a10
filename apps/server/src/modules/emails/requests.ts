import { orderName } from '@noise/shared/project';
import type { EmailMessage as MailText } from '../../lib/email-html.ts';

/** A queued request of a plan has started: the one before it was approved or closed. */
export function requestStartedMail(input: {
  companyName: string;
  publicUrl: string;
  firstName: string;
  title: string;
  orderNumber: number;
  projectId: string;
}): MailText {
  return {
    action: {
      label: 'Open the request',
      url: `${input.publicUrl}/dashboard/projects/${input.projectId}`,
    },
    reason: `You received this email because you submitted this request to ${input.companyName}.`,
    subject: `We have started your request: ${input.title} (${orderName(input.orderNumber)})`,
    text: [
      `Hi ${input.firstName || 'there'},`,
      '',
      `Your request '${input.title}' was next in your queue and the team has started on it.`,
      '',
      'Messages, files and deliverables for it are on its page.',
    ].join('\n'),
  };
}
