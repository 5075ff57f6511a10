import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SubscriptionRow } from './repository.ts';

/*
 * The link a declined renewal's mail carries to give a new card (docs/decisions/105): signed
 * with TOKEN_SECRET over the subscription, the card that was declined and an expiry. Saving a
 * new card changes the card, so the link works once; it lapses after CARD_LINK_DAYS.
 */
export const CARD_LINK_DAYS = 7;

export interface CardLink {
  /** The expiry, in seconds since 1970, as the link carries it. */
  e: number;
  t: string;
}

function signature(secret: string, subscriptionId: string, paymentMethodId: string, e: number) {
  return createHmac('sha256', secret)
    .update(`renewal-card\n${subscriptionId}\n${paymentMethodId}\n${e}`)
    .digest('base64url');
}

export function renewalCardUrl(
  config: { publicUrl: string; tokenSecret: string },
  subscription: Pick<SubscriptionRow, 'id' | 'paymentMethodId'>,
  from: Date,
): string {
  const e = Math.floor(from.getTime() / 1000) + CARD_LINK_DAYS * 86_400;
  const t = signature(config.tokenSecret, subscription.id, subscription.paymentMethodId, e);
  return `${config.publicUrl}/renew-card/${subscription.id}?e=${e}&t=${t}`;
}

/** Whether the link is this server's for the subscription's current card, and not yet lapsed. */
export function isRenewalCardLink(
  secret: string,
  subscription: Pick<SubscriptionRow, 'id' | 'paymentMethodId'>,
  link: CardLink,
  now: Date,
): boolean {
  if (link.e * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(
    signature(secret, subscription.id, subscription.paymentMethodId, link.e),
  );
  const given = Buffer.from(link.t);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
