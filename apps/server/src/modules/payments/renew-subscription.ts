import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../repositories.ts';
import { addInterval } from '../../lib/intervals.ts';
import { mailDate } from '../../lib/mail-date.ts';
import { invoiceTitle } from '../invoices/render-invoice.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { FailJob, RetryJobAt, type JobHandler } from '../jobs/runner.ts';
import type { PaymentProvider, ProviderPayment } from './providers/provider.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';
import { renewalDeclined, renewalReceipt } from '../emails/payments.ts';
import { emitSubscriptionEvent } from './webhook-events.ts';
import { applyPendingPlanChange } from './change-plan.ts';
import { chargeSavedCard } from './charge-saved-card.ts';
import { renewalCardUrl } from './renewal-card-link.ts';
import { MIN_CHARGE_CENTS } from './price-order.ts';

export const RENEWAL_JOB = 'renewal';

export interface RenewalDeps {
  repos: Repositories;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  companyName: string;
  publicUrl: string;
  /** The seller's ABN: the receipt attaches a tax invoice with one, an 'Invoice' without. */
  abn: string;
  /** BUSINESS_TIMEZONE: the days the emails and the invoice line name are the business's. */
  timeZone: string;
  maxFailures: number;
  retryBaseMs: number;
  /** Signs the declined mail's link to a new card (renewal-card.ts). */
  tokenSecret: string;
  /** Told after a declined renewal was recorded (notifications; the email is sent here). */
  onRenewalFailed?: (failure: {
    userId: string;
    projectId: string;
    orderNumber: number;
    serviceTitle: string;
    reason: string;
    pastDue: boolean;
  }) => Promise<void>;
}

/**
 * Turns every due subscription period into one renewal job. The job's unique key is the
 * subscription and period, so however many processes schedule at once, a period is enqueued once.
 */
export async function scheduleRenewals(
  repos: Pick<Repositories, 'payments' | 'jobs'>,
  now = new Date(),
): Promise<void> {
  const due = await repos.payments.listDueSubscriptions(now);
  const jobs = repos.jobs;
  for (const subscription of due) {
    const period = subscription.nextChargeAt.toISOString();
    await jobs.enqueue({
      kind: RENEWAL_JOB,
      payload: { subscriptionId: subscription.id, period },
      uniqueKey: `renewal:${subscription.id}:${period}`,
      // Declines are counted on the subscription; the extra attempts cover provider outages.
      maxAttempts: 50,
    });
  }
}

/**
 * Charges one period of a subscription to the saved card. The provider idempotency key is the
 * subscription, the period and the number of declines so far: a retry after an outage reuses the
 * key (never a second charge), a retry after a decline makes a new charge attempt.
 */
export function createRenewalJobHandler(deps: RenewalDeps): JobHandler {
  return async (payload) => {
    const { subscriptionId, period } = payload as { subscriptionId: string; period: string };
    const repo = deps.repos.payments;
    const subscription = await repo.findSubscription(subscriptionId);
    // Cancelled, past due, or the period was paid already: nothing to do.
    if (
      !subscription ||
      subscription.status !== 'active' ||
      subscription.nextChargeAt.toISOString() !== period
    ) {
      return;
    }
    const project = await deps.repos.projects.findById(subscription.projectId);
    if (!project) throw new FailJob(`Subscription ${subscription.id} has no project`);
    const periodStart = new Date(period);
    const periodKey = `renewal:${subscription.id}:${period}`;

    // A downgrade waiting for this renewal (docs/decisions/100): the period is charged at the
    // new package's amount, which the subscription and the project take once it is paid.
    const pending = subscription.pendingChange;
    const charge = {
      amountCents: pending?.amountCents ?? subscription.amountCents,
      gstCents: pending?.gstCents ?? subscription.gstCents,
      packageTitle: pending?.package.title ?? project.packageTitle,
      feeCents: pending?.package.recurringCostCents ?? project.packageRecurringCostCents,
    };
    // The company's account credit pays first (docs/decisions/107): it is held before the card is
    // asked for the rest, under the same key as the card's charge, and given back on a decline.
    const chargeKey = `${periodKey}:${subscription.failureCount}`;
    const held = project.companyId
      ? await deps.repos.accountCredit.hold({
          companyId: project.companyId,
          holdKey: chargeKey,
          upToCents: charge.amountCents,
          currency: subscription.currency,
          cardLeastCents: MIN_CHARGE_CENTS,
        })
      : undefined;
    const creditCents = held ? -held.amountCents : 0;
    const payment: Pick<ProviderPayment, 'id' | 'status' | 'failureMessage'> =
      held && creditCents >= charge.amountCents
        ? { id: held.id, status: 'succeeded', failureMessage: null }
        : await chargeSavedCard(deps.provider, subscription, {
            amountCents: charge.amountCents - creditCents,
            idempotencyKey: chargeKey,
            description: `${deps.companyName}: ${project.serviceTitle} (${subscription.interval})`,
            metadata: { kind: 'renewal', period },
          });
    const byCreditAlone = held !== undefined && payment.id === held.id;

    if (payment.status === 'succeeded' || payment.status === 'processing') {
      await deps.repos.transaction(async (r) => {
        const txRepo = r.payments;
        const recorded = await txRepo.insertPayment({
          projectId: project.id,
          userId: subscription.userId,
          provider: byCreditAlone ? ACCOUNT_CREDIT : subscription.provider,
          transactionId: payment.id,
          amountCents: charge.amountCents,
          gstCents: charge.gstCents,
          creditCents,
          creditEntryId: held?.id ?? null,
          currency: subscription.currency,
          status: payment.status,
          idempotencyKey: periodKey,
          kind: 'renewal',
          subscriptionId: subscription.id,
          lineItems: renewalLines(
            `${project.serviceTitle}: ${charge.packageTitle}, ${subscription.interval} fee from ${mailDate(periodStart, deps.timeZone)}`,
            charge.feeCents,
            charge.amountCents - charge.gstCents,
          ),
        });
        const advanced = await txRepo.advanceSubscription(
          subscription.id,
          periodStart,
          addInterval(periodStart, subscription.interval),
        );
        if (advanced && pending) await applyPendingPlanChange(r, project, subscription);
        if (recorded) {
          await emitSubscriptionEvent(
            r,
            'subscription.renewed',
            { ...project, packageTitle: charge.packageTitle },
            { ...subscription, amountCents: charge.amountCents },
            {
              paymentId: recorded.id,
              periodFrom: periodStart.toISOString(),
            },
          );
          await enqueueEmail(
            r.jobs,
            {
              to: project.contactEmail,
              ...renewalReceipt({
                companyName: deps.companyName,
                documentName: invoiceTitle(deps.abn).toLowerCase(),
                orderNumber: project.orderNumber,
                firstName: project.contactFirstName,
                serviceTitle: project.serviceTitle,
                packageTitle: charge.packageTitle,
                interval: subscription.interval,
                currency: subscription.currency,
                amountCents: charge.amountCents,
                creditCents,
                periodFrom: mailDate(periodStart, deps.timeZone),
                projectUrl: `${deps.publicUrl}/dashboard/projects/${project.id}`,
              }),
              invoicePaymentId: recorded.id,
            },
            `receipt:${recorded.id}`,
          );
        }
      });
      deps.log.info({ subscriptionId, period }, 'subscription renewed');
      return;
    }

    const reason = payment.failureMessage ?? 'The payment was not completed.';
    const failures = subscription.failureCount + 1;
    const pastDue = failures >= deps.maxFailures;
    const failedAt = new Date();
    const retryAt = new Date(failedAt.getTime() + deps.retryBaseMs * 2 ** (failures - 1));
    await deps.repos.transaction(async (r) => {
      if (held) await r.accountCredit.returnHold(held);
      await r.payments.recordRenewalFailure(
        subscription.id,
        periodStart,
        { message: reason, at: failedAt, retryAt: pastDue ? null : retryAt },
        deps.maxFailures,
      );
      await emitSubscriptionEvent(r, 'subscription.payment_failed', project, subscription, {
        reason,
        failures,
        pastDue,
      });
      await enqueueEmail(
        r.jobs,
        {
          to: project.contactEmail,
          ...renewalDeclined({
            companyName: deps.companyName,
            publicUrl: deps.publicUrl,
            // The declined card is in the link: once a new one is saved, the link is spent.
            cardUrl: renewalCardUrl(deps, subscription, failedAt),
            orderNumber: project.orderNumber,
            projectId: project.id,
            firstName: project.contactFirstName,
            serviceTitle: project.serviceTitle,
            packageTitle: charge.packageTitle,
            currency: subscription.currency,
            amountCents: charge.amountCents,
            reason,
            failures,
            retryOn: pastDue ? null : mailDate(retryAt, deps.timeZone),
          }),
        },
        `renewal-failed:${periodKey}:${failures}`,
      );
    });
    deps.log.warn({ subscriptionId, period, failures, pastDue }, 'renewal declined');
    await deps.onRenewalFailed?.({
      userId: subscription.userId,
      projectId: project.id,
      orderNumber: project.orderNumber,
      serviceTitle: project.serviceTitle,
      reason,
      pastDue,
    });
    if (!pastDue) throw new RetryJobAt(reason, retryAt);
  };
}

/**
 * A renewal's invoice lines: the fee, and, when a code takes something off every payment
 * (decision 069), the fee at its price with the discount as its own line, as the first
 * payment's invoice shows it.
 */
export function renewalLines(description: string, feeCents: number, chargedBeforeGstCents: number) {
  const discountCents = feeCents - chargedBeforeGstCents;
  if (discountCents <= 0) return [{ description, amountCents: chargedBeforeGstCents }];
  return [
    { description, amountCents: feeCents },
    { description: 'Discount: your code, taken off every payment', amountCents: -discountCents },
  ];
}
