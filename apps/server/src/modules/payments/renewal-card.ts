import type { RenewalCard } from '@noise/shared/payments';
import { formatMoneyGst } from '@noise/shared/pricing';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories.ts';
import { replaceCard } from './card-on-file.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { RENEWAL_JOB } from './renew-subscription.ts';
import { isRenewalCardLink, renewalCardUrl, type CardLink } from './renewal-card-link.ts';
import type { SubscriptionRow } from './repository.ts';

/*
 * A new card for a declined renewal, from the link its mail carries (docs/decisions/105,
 * docs/product.md#a-new-card-for-a-declined-renewal): no sign-in, the link's signature is the
 * capability. Saving a card charges the period due at once, in the renewal's own job.
 */

export interface RenewalCardDeps {
  repos: Repositories;
  provider: PaymentProvider;
  publicUrl: string;
  tokenSecret: string;
  now: () => Date;
}

const SPENT =
  'This link has expired or a new card was already given with it. Sign in and open Billing to update your card.';

async function subscriptionOfLink(deps: RenewalCardDeps, id: string, link: CardLink) {
  const subscription = await deps.repos.payments.findSubscription(id);
  if (!subscription || !isRenewalCardLink(deps.tokenSecret, subscription, link, deps.now())) {
    throw notFound(SPENT);
  }
  return subscription;
}

async function viewOf(deps: RenewalCardDeps, subscription: SubscriptionRow): Promise<RenewalCard> {
  const project = await deps.repos.projects.findById(subscription.projectId);
  if (!project) throw notFound(SPENT);
  const method = await deps.provider.getPaymentMethod(subscription.paymentMethodId);
  const declined = subscription.failureCount > 0 && subscription.status !== 'cancelled';
  return {
    _id: subscription.id,
    serviceTitle: project.serviceTitle,
    packageTitle: project.packageTitle,
    orderNumber: project.orderNumber,
    amountCents: subscription.pendingChange?.amountCents ?? subscription.amountCents,
    currency: subscription.currency,
    status: subscription.status,
    periodFrom: subscription.nextChargeAt.toISOString(),
    declines: subscription.failureCount,
    lastDecline: declined
      ? {
          at: subscription.lastFailureAt?.toISOString() ?? null,
          reason: subscription.lastFailureMessage ?? '',
          nextTryAt: subscription.nextRetryAt?.toISOString() ?? null,
        }
      : null,
    card: method ? { brand: method.brand, last4: method.last4 } : null,
  };
}

export async function viewRenewalCard(deps: RenewalCardDeps, id: string, link: CardLink) {
  return viewOf(deps, await subscriptionOfLink(deps, id, link));
}

/**
 * Makes the card the customer's default (their live subscriptions' too, as Billing's card form
 * does) and charges the declined period now: its waiting renewal is made due, or, past due, a
 * renewal is queued again. Answers the page's link for the new card.
 */
export async function saveRenewalCard(
  deps: RenewalCardDeps,
  id: string,
  body: CardLink & { paymentMethodId: string; ip: string },
) {
  const subscription = await subscriptionOfLink(deps, id, body);
  if (subscription.status === 'cancelled') {
    throw conflict('This subscription is cancelled, so there is nothing to charge.');
  }
  if (subscription.failureCount === 0) {
    throw conflict('Nothing is due: the last charge of this subscription went through.');
  }
  const card = await replaceCard(
    deps.repos,
    deps.provider,
    subscription.userId,
    body.paymentMethodId,
  );
  const now = deps.now();
  const retried = await deps.repos.transaction(async (r) => {
    if (!(await chargeDeclinedPeriodNow(r, subscription, now))) return false;
    await r.audit.record({
      actorId: subscription.userId,
      actorName: 'Customer',
      ip: body.ip,
      apiKey: null,
      action: 'card.replaced',
      entityType: 'user',
      entityId: subscription.userId,
      subjectUserId: subscription.userId,
      summary: `Card on file replaced from a declined renewal's email (${card.brand} ending ${card.last4}); the period due is charged again`,
    });
    return true;
  });
  if (!retried)
    throw conflict('Nothing is due: the last charge of this subscription went through.');
  const amount = formatMoneyGst(
    subscription.pendingChange?.amountCents ?? subscription.amountCents,
    'inc',
    subscription.currency,
  );
  const next = new URL(
    renewalCardUrl(deps, { id: subscription.id, paymentMethodId: body.paymentMethodId }, now),
  );
  return {
    message: `Your card ending ${card.last4} is saved. We are charging ${amount} to it now; your receipt will follow by email.`,
    link: { e: Number(next.searchParams.get('e')), t: next.searchParams.get('t')! },
  };
}

/**
 * A subscription's declined period, charged again now on the card it has (in `repos`' transaction):
 * it is live again, and its renewal that waits for its next try runs now; past due, the renewal
 * had stopped, so the period is queued again under a key of this decline count (one per card
 * given). False when it was not waiting on a declined card, or the period was paid meanwhile.
 */
export async function chargeDeclinedPeriodNow(
  repos: Pick<Repositories, 'payments' | 'jobs'>,
  subscription: Pick<SubscriptionRow, 'id' | 'nextChargeAt'>,
  now: Date,
): Promise<boolean> {
  const period = subscription.nextChargeAt;
  const live = await repos.payments.retryWithNewCard(subscription.id, period, now);
  if (!live) return false;
  const periodKey = `renewal:${subscription.id}:${period.toISOString()}`;
  if (!(await repos.jobs.runNow(periodKey, now))) {
    await repos.jobs.enqueue({
      kind: RENEWAL_JOB,
      payload: { subscriptionId: subscription.id, period: period.toISOString() },
      uniqueKey: `${periodKey}:card:${live.failureCount}`,
      maxAttempts: 50,
    });
  }
  return true;
}

/** After a customer replaced their card on Billing: each declined period of theirs is charged now. */
export async function chargeDeclinedPeriodsOf(repos: Repositories, userId: string, now: Date) {
  for (const subscription of await repos.payments.listDeclinedSubscriptionsOf(userId)) {
    await repos.transaction((r) => chargeDeclinedPeriodNow(r, subscription, now));
  }
}
