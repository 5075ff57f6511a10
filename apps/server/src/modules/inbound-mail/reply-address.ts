import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a message email's reply address takes replies. */
export const REPLY_ADDRESS_TTL_MS = 90 * 24 * 60 * 60_000;

export interface ReplyTarget {
  projectId: string;
  userId: string;
}

const SIGNATURE_LENGTH = 16;
const pattern = /^reply-([a-z0-9]+)-([a-z0-9]+)-([a-z0-9]+)-([a-z0-9]+)$/;

/**
 * The Reply-To of a message email: `reply-<project>-<recipient>-<expiry>-<signature>@domain`.
 * It names one recipient and one project and is signed with the server's secret, so an address
 * made up, changed or taken past its expiry is refused. Lower case only: mail servers may fold
 * the case of the part before the @. At most 64 characters before the @ (RFC 5321): ids that do
 * not fit get no reply address, and their mail says to answer on the site.
 */
export function createReplyAddresses(secret: string, domain: string) {
  const key = createHmac('sha256', secret).update('noise reply address').digest();
  const sign = (projectId: string, userId: string, expires: string) =>
    BigInt(
      `0x${createHmac('sha256', key).update(`${projectId}:${userId}:${expires}`).digest('hex')}`,
    )
      .toString(36)
      .slice(0, SIGNATURE_LENGTH)
      .padStart(SIGNATURE_LENGTH, '0');

  return {
    domain,

    /** The reply address for `target`, or null when its ids cannot make one. */
    address(target: ReplyTarget, expiresAt: Date): string | null {
      const { projectId, userId } = target;
      if (!/^[a-z0-9]+$/.test(projectId) || !/^[a-z0-9]+$/.test(userId)) return null;
      const expires = Math.floor(expiresAt.getTime() / 1000).toString(36);
      const local = `reply-${projectId}-${userId}-${expires}-${sign(projectId, userId, expires)}`;
      return local.length <= 64 ? `${local}@${domain}` : null;
    },

    /** What a reply address stands for, or why it is refused. */
    read(
      address: string,
      now = new Date(),
    ): { ok: true; target: ReplyTarget } | { ok: false; reason: 'unknown' | 'forged' | 'expired' } {
      const at = address.lastIndexOf('@');
      const local = address.slice(0, at).toLowerCase();
      if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) {
        return { ok: false, reason: 'unknown' };
      }
      const parts = pattern.exec(local);
      if (!parts) return { ok: false, reason: 'unknown' };
      const [, projectId = '', userId = '', expires = '', signature = ''] = parts;
      const expected = Buffer.from(sign(projectId, userId, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'forged' };
      }
      if (parseInt(expires, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, target: { projectId, userId } };
    },
  };
}

export type ReplyAddresses = ReturnType<typeof createReplyAddresses>;
