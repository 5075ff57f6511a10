import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link in a notification email that turns that kind of email off for its recipient, without
 * signing in (docs/product.md#emails): the List-Unsubscribe header's target (RFC 8058 one-click)
 * and the footer's 'Turn these emails off'. Signed with TOKEN_SECRET, so nobody can make one for
 * another person; it never expires, as a mail client may offer it months later.
 */
export function unsubscribeUrl(
  config: { publicUrl: string; tokenSecret: string },
  userId: string,
  setting: string,
): string {
  const query = new URLSearchParams({
    u: userId,
    s: setting,
    t: unsubscribeToken(config.tokenSecret, userId, setting),
  });
  return `${config.publicUrl}/api/notifications/unsubscribe?${query.toString()}`;
}

function unsubscribeToken(secret: string, userId: string, setting: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe\n${userId}\n${setting}`)
    .digest('base64url');
}

/** Whether `token` is the one this server made for the person and setting. */
export function isUnsubscribeToken(
  secret: string,
  input: { userId: string; setting: string; token: string },
): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, input.userId, input.setting));
  const given = Buffer.from(input.token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
