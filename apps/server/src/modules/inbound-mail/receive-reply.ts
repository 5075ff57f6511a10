import type { FastifyBaseLogger } from 'fastify';
import { parseReply, type ParsedReply } from './parse-reply.ts';
import type { ReplyAddresses, ReplyTarget } from './reply-address.ts';

/** Posts a reply as its author's message on the project (the messages module). */
export type PostReply = (
  input: ReplyTarget & { text: string; attachments: ParsedReply['attachments'] },
) => Promise<void>;

export interface ReceiveReplyDeps {
  addresses: ReplyAddresses;
  /** The recipient's address on file: the reply must come from it. */
  emailOf: (userId: string) => Promise<string | undefined>;
  post: PostReply;
  log: FastifyBaseLogger;
}

export type ReceiveOutcome =
  { accepted: true; target: ReplyTarget } | { accepted: false; reason: string };

const REFUSALS = {
  unknown: 'This address does not take replies.',
  forged: 'This address does not take replies.',
  expired: 'This reply address has expired: please answer on the website.',
} as const;

/** Which project and person a mail's reply address names, or why none is accepted. */
export function targetOf(
  addresses: ReplyAddresses,
  recipients: string[],
  now = new Date(),
): { ok: true; target: ReplyTarget } | { ok: false; reason: string } {
  let refusal: string = REFUSALS.unknown;
  for (const recipient of recipients) {
    const read = addresses.read(recipient, now);
    if (read.ok) return read;
    if (read.reason !== 'unknown') refusal = REFUSALS[read.reason];
  }
  return { ok: false, reason: refusal };
}

/**
 * A reply to a message email, from the raw mail: it lands in the project's thread as its
 * author's message when its reply address is genuine and unexpired and it comes from the
 * address that the reply address was made for. `envelope` holds the SMTP recipients when the
 * mail came through the built-in receiver (a provider's webhook gives the headers only).
 */
export async function receiveReply(
  deps: ReceiveReplyDeps,
  raw: Buffer | string,
  envelope: string[] = [],
): Promise<ReceiveOutcome> {
  const mail = await parseReply(raw);
  const found = targetOf(deps.addresses, [...envelope, ...mail.recipients]);
  const refuse = (reason: string): ReceiveOutcome => {
    deps.log.info({ event: 'inbound_mail_refused', reason }, 'inbound mail refused');
    return { accepted: false, reason };
  };
  if (!found.ok) return refuse(found.reason);
  const email = await deps.emailOf(found.target.userId);
  // A forwarded notification answered by someone else is not that person's message.
  if (!email || email.toLowerCase() !== mail.from) {
    return refuse('This reply did not come from the address the message was sent to.');
  }
  if (!mail.text && mail.attachments.length === 0) return refuse('The reply is empty.');
  await deps.post({ ...found.target, text: mail.text, attachments: mail.attachments });
  return { accepted: true, target: found.target };
}
