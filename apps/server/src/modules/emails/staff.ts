import type { EmailMessage } from '../../lib/email-html.ts';

/** The team's emails (docs/product.md#emails): the daily summary and a webhook turned off. */

/** One line of the daily summary: '- Overdue by 2 days: Order 12, SEO for Olive Bakery'. */
export interface SummaryLine {
  /** 'Overdue by 2 days', 'Due today' */
  due: string;
  /** 'Order 12' */
  order: string;
  serviceTitle: string;
  customerName: string | null;
  url: string;
}

export function dailySummary(input: {
  companyName: string;
  publicUrl: string;
  overdue: number;
  dueToday: number;
  lines: SummaryLine[];
}): EmailMessage {
  const counts = [
    input.overdue ? `${input.overdue} overdue` : '',
    input.dueToday ? `${input.dueToday} due today` : '',
  ].filter(Boolean);
  const line = (i: SummaryLine) =>
    `- ${i.due}: ${i.order}, ${i.serviceTitle}` +
    (i.customerName ? ` for ${i.customerName}` : '') +
    `\n  ${i.url}`;
  const myWork = `${input.publicUrl}/wkm-dashboard/my-work`;
  return {
    action: { label: 'Open My Work', url: myWork },
    reason: `You received this email because the daily summary is on in your ${input.companyName} notification settings.`,
    subject: `Your work today: ${counts.join(', ')}`,
    text:
      `${input.lines.map(line).join('\n')}\n\nEverything assigned to you: ${myWork}` +
      `\n\n— ${input.companyName}\n\nYou can turn this email off in your notification settings.`,
  };
}

export function webhookEndpointDisabled(input: {
  companyName: string;
  publicUrl: string;
  endpointUrl: string;
  reason: string;
}): EmailMessage {
  const page = `${input.publicUrl}/wkm-dashboard/webhooks`;
  return {
    action: { label: 'Open API & Webhooks', url: page },
    reason: `You received this email because you manage webhooks at ${input.companyName}.`,
    subject: `Webhook endpoint turned off: ${input.endpointUrl}`,
    text: [
      `The webhook endpoint ${input.endpointUrl} was turned off.`,
      input.reason,
      '',
      `Events that happen while it is off are not sent to it. When it works again, turn it on and resend what it missed: ${page}`,
      '',
      `— ${input.companyName}`,
    ].join('\n'),
  };
}
