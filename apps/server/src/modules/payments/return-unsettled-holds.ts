import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../repositories.ts';

/** A hold nothing settled in this long is given back: far past any retry of its charge. */
export const UNSETTLED_HOLD_MS = 24 * 60 * 60_000;
const HOLDS_PER_SWEEP = 200;

/**
 * Gives back account credit held for a charge that never settled (docs/decisions/107): a crash
 * between the hold and the card, or a charge the provider never answered that nobody retried.
 * A renewal still trying the period it was held for keeps its hold (its next try uses it).
 * Once given back, the charge's key holds nothing again, so a late retry is refused rather
 * than paid twice from the same credit.
 */
export async function returnUnsettledHolds(
  deps: { repos: Pick<Repositories, 'accountCredit' | 'payments'>; log: FastifyBaseLogger },
  now: Date,
): Promise<number> {
  const holds = await deps.repos.accountCredit.unsettledHolds(
    new Date(now.getTime() - UNSETTLED_HOLD_MS),
    HOLDS_PER_SWEEP,
  );
  let returned = 0;
  for (const hold of holds) {
    if (await renewalStillTrying(deps.repos, hold.holdKey ?? '')) continue;
    await deps.repos.accountCredit.returnHold(hold);
    deps.log.warn(
      { holdId: hold.id, holdKey: hold.holdKey, cents: -hold.amountCents },
      'unsettled account credit hold given back',
    );
    returned += 1;
  }
  return returned;
}

/**
 * True when `key` is a renewal's (`renewal:{subscription}:{period}:{declines}`) whose
 * subscription still waits to be charged for that period with that many declines.
 */
async function renewalStillTrying(
  repos: Pick<Repositories, 'payments'>,
  key: string,
): Promise<boolean> {
  const match = /^renewal:([^:]+):(.+):(\d+)$/.exec(key);
  if (!match) return false;
  const [, subscriptionId, period, declines] = match;
  const subscription = await repos.payments.findSubscription(subscriptionId!);
  return (
    subscription !== undefined &&
    subscription.status === 'active' &&
    subscription.nextChargeAt.toISOString() === period &&
    subscription.failureCount === Number(declines)
  );
}
