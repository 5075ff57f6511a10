import type { EmailMessage } from '../../lib/email-html.ts';
import { reasonOf, TURN_OFF } from './notifications.ts';

/**
 * Emails of general questions ('Ask us anything', docs/product.md#ask-us-anything): a question's
 * messages of the last minute in one email, as a project's are (notifications/message-mail.ts),
 * but saying where an answer goes: the conversation, not a project.
 */
const answerLine = {
  reply: '\n\nReply to this email to answer in the conversation.',
  website: '\n\nAnswer on the website: replies to this email are not read.',
} as const;

export function questionDigest(input: {
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
    ...(url ? { action: { label: 'Open the conversation', url } } : {}),
    reason: reasonOf(input.companyName, input.kindLabel),
    subject,
    text: `${lines.join('\n\n')}${url ? `\n\n${url}` : ''}${answerLine[input.answer]}\n\n— ${input.companyName}\n\n${TURN_OFF}`,
  };
}
