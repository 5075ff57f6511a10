import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a message email's reply address takes replies. */
export const REPLY_ADDRESS_TTL_MS = 90 * 24 * 60 * 60_000;

/** Whom a reply address was made for, and the thread: a project's, or a general question's. */
export type ReplyTarget =
  { projectId: string; userId: string } | { questionId: string; userId: string };

/** Why a reply address is refused. */
export type AddressRefusal = 'unknown' | 'forged' | 'expired' | 'revoked';

/** A reply address taken apart, before its signature is checked against its person's key. */
export interface AddressParts {
  target: ReplyTarget;
  expires: string;
  signature: string;
}

const SIGNATURE_LENGTH = 16;
const pattern = /^(reply|ask)-([a-z0-9]+)-([a-z0-9]+)-([a-z0-9]+)-([a-z0-9]+)$/;
/** The thread of a target as the address and its signature name it. */
const threadOf = (target: ReplyTarget) =>
  'questionId' in target
    ? { prefix: 'ask', id: target.questionId, signed: `question:${target.questionId}` }
    : { prefix: 'reply', id: target.projectId, signed: target.projectId };
/**
 * How many older reply keys of a person are tried to tell a revoked address from a forged one;
 * an address older than that is called forged, which is refused all the same.
 */
const REVOKED_LOOKBACK = 50;

/**
 * The Reply-To of a message email: `reply-<project>-<recipient>-<expiry>-<signature>@domain`,
 * or `ask-<question>-…` for a general question's (docs/decisions/083), whose signature also says
 * it is a question's, so no address of one kind passes as the other. It names one recipient and
 * one thread and is signed with the server's secret and the
 * recipient's reply key (users.reply_key_version), so an address made up, changed, taken past its
 * expiry or made before the person's key was raised is refused. The key is not in the address:
 * it is read from the person's row, and raising it revokes every address they were sent. Lower
 * case only: mail servers may fold the case of the part before the @. At most 64 characters
 * before the @ (RFC 5321): ids that do not fit get no reply address, and their mail says to
 * answer on the site.
 */
export function createReplyAddresses(secret: string, domain: string) {
  const key = createHmac('sha256', secret).update('noise reply address').digest();
  const sign = (thread: string, userId: string, expires: string, replyKey: number) =>
    BigInt(
      `0x${createHmac('sha256', key)
        // Key 0 signs as addresses did before keys existed, so mail sent then still works.
        .update(`${thread}:${userId}:${expires}${replyKey === 0 ? '' : `:${replyKey}`}`)
        .digest('hex')}`,
    )
      .toString(36)
      .slice(0, SIGNATURE_LENGTH)
      .padStart(SIGNATURE_LENGTH, '0');
  const signedWith = (parts: AddressParts, replyKey: number) => {
    const expected = Buffer.from(
      sign(threadOf(parts.target).signed, parts.target.userId, parts.expires, replyKey),
    );
    const given = Buffer.from(parts.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    domain,

    /** The reply address for `target` under its person's `replyKey`, or null when none fits. */
    address(target: ReplyTarget, expiresAt: Date, replyKey: number): string | null {
      const { userId } = target;
      const thread = threadOf(target);
      if (!/^[a-z0-9]+$/.test(thread.id) || !/^[a-z0-9]+$/.test(userId)) return null;
      const expires = Math.floor(expiresAt.getTime() / 1000).toString(36);
      const local = `${thread.prefix}-${thread.id}-${userId}-${expires}-${sign(thread.signed, userId, expires, replyKey)}`;
      return local.length <= 64 ? `${local}@${domain}` : null;
    },

    /** The project and person an address names, unchecked; null when it is no reply address. */
    parse(address: string): AddressParts | null {
      const at = address.lastIndexOf('@');
      if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
      const parts = pattern.exec(address.slice(0, at).toLowerCase());
      if (!parts) return null;
      const [, prefix, id = '', userId = '', expires = '', signature = ''] = parts;
      const target: ReplyTarget =
        prefix === 'ask' ? { questionId: id, userId } : { projectId: id, userId };
      return { target, expires, signature };
    },

    /**
     * Whether `parts` were signed with the person's current `replyKey` (undefined: the person is
     * gone) and are unexpired. A signature made with one of their older keys is 'revoked'.
     */
    verify(
      parts: AddressParts,
      replyKey: number | undefined,
      now = new Date(),
    ):
      | { ok: true; target: ReplyTarget }
      | { ok: false; reason: Exclude<AddressRefusal, 'unknown'> } {
      if (replyKey === undefined) return { ok: false, reason: 'forged' };
      if (!signedWith(parts, replyKey)) {
        for (let older = replyKey - 1; older >= Math.max(0, replyKey - REVOKED_LOOKBACK); older--) {
          if (signedWith(parts, older)) return { ok: false, reason: 'revoked' };
        }
        return { ok: false, reason: 'forged' };
      }
      if (parseInt(parts.expires, 36) * 1000 <= now.getTime()) {
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, target: parts.target };
    },
  };
}

export type ReplyAddresses = ReturnType<typeof createReplyAddresses>;
