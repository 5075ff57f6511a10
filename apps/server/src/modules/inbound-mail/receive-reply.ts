import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { MailAuthenticator } from './authenticate-mail.ts';
import { REFUSALS } from './mail-texts.ts';
import { parseReply, type ParsedReply } from './parse-reply.ts';
import type { ReplyAddresses, ReplyTarget } from './reply-address.ts';

/**
 * Posts a reply as its author's message on the project (the messages module). An AppError of
 * 4xx (the person lost the project, the project is closed, the text is too long) is a refusal
 * that will never succeed; anything else may (the database is down).
 */
export type PostReply = (
  input: ReplyTarget & { text: string; attachments: ParsedReply['attachments'] },
) => Promise<void>;

/** Who a reply address was made for, as their row says now. */
export interface ReplyPerson {
  /** The address on file: the reply must come from it, and a refusal notice goes to it. */
  email: string;
  /** users.reply_key_version: addresses signed with an older key are revoked. */
  replyKey: number;
}

export interface ReceiveReplyDeps {
  addresses: ReplyAddresses;
  personOf: (userId: string) => Promise<ReplyPerson | undefined>;
  authenticate: MailAuthenticator;
  /** Counts one reply from `sender`: true when it is over the limit. */
  overLimit: (sender: string) => Promise<boolean>;
  /** Tells the person the reply address belongs to that a reply was refused, and why. */
  tellRefused: (target: ReplyTarget, reason: string) => Promise<void>;
  post: PostReply;
  log: FastifyBaseLogger;
}

/** How the mail came: the built-in receiver knows the connection and the envelope. */
export type ReplyOrigin =
  | { via: 'smtp'; ip: string; helo: string; sender: string; recipients: string[] }
  | { via: 'webhook' };

/**
 * A refusal is final (550 on SMTP, 422 on the webhook: sending it again cannot help); a limit
 * and an unavailable check are for the moment (451, 429 and 503: the sender's server retries).
 */
export type ReceiveOutcome =
  | { accepted: true; target: ReplyTarget }
  | { accepted: false; status: 'refused' | 'limited' | 'unavailable'; reason: string };

type Found =
  | { ok: true; target: ReplyTarget; person: ReplyPerson }
  /** `genuine`: the address was ours (expired or revoked), so its person may be told. */
  | { ok: false; reason: string; genuine?: ReplyTarget };

/** Which project and person a mail's reply address names, or why none is accepted. */
export async function targetOf(
  deps: Pick<ReceiveReplyDeps, 'addresses' | 'personOf'>,
  recipients: string[],
  now = new Date(),
): Promise<Found> {
  let refusal: Found = { ok: false, reason: REFUSALS.unknown };
  for (const recipient of recipients) {
    const parts = deps.addresses.parse(recipient);
    if (!parts) continue;
    const person = await deps.personOf(parts.target.userId);
    const read = deps.addresses.verify(parts, person?.replyKey, now);
    if (read.ok && person) return { ok: true, target: read.target, person };
    if (!read.ok) {
      const genuine = read.reason === 'expired' || read.reason === 'revoked';
      refusal = {
        ok: false,
        reason: REFUSALS[read.reason],
        ...(genuine ? { genuine: parts.target } : {}),
      };
    }
  }
  return refusal;
}

/**
 * The check of one SMTP recipient (RCPT TO), before any data: a refused address of ours
 * (expired, revoked) tells its person, as a refused reply does.
 */
export async function checkRecipient(
  deps: ReceiveReplyDeps,
  address: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const found = await targetOf(deps, [address]);
  if (found.ok) return { ok: true };
  log(deps, 'refused', found.reason);
  if (found.genuine) await tell(deps, found.genuine, found.reason);
  return { ok: false, reason: found.reason };
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

function log(deps: ReceiveReplyDeps, status: string, reason: string, detail?: string) {
  deps.log.info({ event: 'inbound_mail_refused', status, reason, detail }, 'inbound mail refused');
}

/** A notice that cannot be queued must not turn a refusal into a retry: it is logged. */
async function tell(deps: ReceiveReplyDeps, target: ReplyTarget, reason: string) {
  await deps.tellRefused(target, reason).catch((err: unknown) => {
    deps.log.warn({ err }, 'the refused reply notice could not be queued');
  });
}

/**
 * A reply to a message email, from the raw mail: it lands in the project's thread as its
 * author's message when its reply address is genuine, unexpired and not revoked, its sender is
 * within their limit, it comes from the address the reply address was made for, and its mail
 * server proves that (SPF, DKIM, DMARC: decision 061). A refusal of an address of ours is told
 * to the person it was made for, at the address on file.
 */
export async function receiveReply(
  deps: ReceiveReplyDeps,
  raw: Buffer,
  origin: ReplyOrigin,
  now = new Date(),
): Promise<ReceiveOutcome> {
  const mail = await parseReply(raw);
  const envelope = origin.via === 'smtp' ? origin.recipients : [];
  const found = await targetOf(deps, [...envelope, ...mail.recipients], now);
  const refuse = async (reason: string, target?: ReplyTarget, detail?: string) => {
    log(deps, 'refused', reason, detail);
    if (target) await tell(deps, target, reason);
    return { accepted: false, status: 'refused', reason } as const;
  };
  if (!found.ok) return refuse(found.reason, found.genuine);
  const { target, person } = found;

  // Counted before the checks that cost DNS lookups, so a flood costs one upsert a mail.
  if (await deps.overLimit(mail.from)) {
    log(deps, 'limited', REFUSALS.tooMany);
    return { accepted: false, status: 'limited', reason: REFUSALS.tooMany };
  }
  // A forwarded notification answered by someone else is not that person's message.
  if (!mail.from || person.email.toLowerCase() !== mail.from) {
    return refuse(REFUSALS.notFromRecipient, target);
  }
  const verdict = await deps.authenticate(
    raw,
    origin.via === 'smtp'
      ? { via: 'smtp', ip: origin.ip, helo: origin.helo, sender: origin.sender }
      : { via: 'webhook', authenticationResults: mail.authenticationResults },
    domainOf(mail.from),
  );
  if (!verdict.pass) {
    if (verdict.temporary) {
      log(deps, 'unavailable', REFUSALS.unverifiable, verdict.detail);
      return { accepted: false, status: 'unavailable', reason: REFUSALS.unverifiable };
    }
    return refuse(REFUSALS.unauthenticated, target, verdict.detail);
  }
  if (!mail.text && mail.attachments.length === 0) return refuse(REFUSALS.empty, target);
  try {
    await deps.post({ ...target, text: mail.text, attachments: mail.attachments });
  } catch (error) {
    if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(error.message, target);
    }
    throw error;
  }
  return { accepted: true, target };
}
