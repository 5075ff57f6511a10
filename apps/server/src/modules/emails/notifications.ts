import type { EmailMessage } from '../../lib/email-html.ts';

/**
 * The email copies of notifications (docs/product.md#notifications): one notification, or the
 * messages of one project sent together (notifications/message-mail.ts). The sender adds the
 * link that turns the kind off (lib/unsubscribe-link.ts).
 */

/** How an answer to the email is taken: by replying, only on the website, or not at all. */
export type AnswerBy = 'reply' | 'website' | null;

const answerLine: Record<'reply' | 'website', string> = {
  reply: '\n\nReply to this email to answer in the project.',
  website: '\n\nAnswer on the website: replies to this email are not read.',
};

export const TURN_OFF = 'You can turn these emails off in your notification settings.';

export const reasonOf = (companyName: string, kindLabel: string) =>
  `You received this email because '${kindLabel}' is on in your ${companyName} notification settings.`;

export function notificationCopy(input: {
  companyName: string;
  publicUrl: string;
  title: string;
  body: string;
  /** A path of the site. */
  link: string;
  answer: AnswerBy;
  /** The setting's label: 'Updates on my projects'. */
  kindLabel: string;
}): EmailMessage {
  const url = input.link ? `${input.publicUrl}${input.link}` : '';
  return {
    ...(url ? { action: { label: 'View details', url } } : {}),
    reason: reasonOf(input.companyName, input.kindLabel),
    subject: input.title,
    text: `${input.body || input.title}${url ? `\n\n${url}` : ''}${input.answer ? answerLine[input.answer] : ''}\n\n— ${input.companyName}\n\n${TURN_OFF}`,
  };
}

/** A project's messages of the last minute, in one email. */
export function messageDigest(input: {
  companyName: string;
  publicUrl: string;
  items: { title: string; body: string }[];
  /** The last message's path. */
  link: string;
  answer: 'reply' | 'website';
  kindLabel: string;
}): EmailMessage {
  const [first] = input.items;
  const title = first?.title ?? '';
  const subject =
    input.items.length === 1 ? title : `${title} (and ${input.items.length - 1} more)`;
  const lines = input.items.map((n) => (n.body ? `${n.title}\n${n.body}` : n.title));
  const url = input.link ? `${input.publicUrl}${input.link}` : '';
  return {
    ...(url ? { action: { label: 'Open the project', url } } : {}),
    reason: reasonOf(input.companyName, input.kindLabel),
    subject,
    text: `${lines.join('\n\n')}${url ? `\n\n${url}` : ''}${answerLine[input.answer]}\n\n— ${input.companyName}\n\n${TURN_OFF}`,
  };
}
