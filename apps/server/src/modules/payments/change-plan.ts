import { ACCOUNT_CREDIT, savedCardCreditCents } from '@noise/shared/account-credit';
import { intervalTerms, termLengthText } from '@noise/shared/intervals';
import type { z } from 'zod';
import { callerCan } from '@noise/shared/permissions';
import {
  planDays,
  prorateUpgrade,
  type changePlanRequest,
  type PlanChangeOptions,
  type PlanChangeQuote,
} from '@noise/shared/plan-change';
import { formatMoney, withGst } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import { AppError, notFound } from '../../lib/errors.ts';
import { addInterval, subtractInterval } from '../../lib/intervals.ts';
import { mailDate } from '../../lib/mail-date.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { planChangeReceipt } from '../emails/payments.ts';
import { invoiceTitle } from '../invoices/render-invoice.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { ProjectRow } from '../projects/repository.ts';
import { chargeSavedCard } from './charge-saved-card.ts';
import { currentPackageOf } from './current-package.ts';
import type { CompletionDeps } from './complete-order.ts';
import { declined } from './handle-payment.ts';
import { MIN_CHARGE_CENTS } from './price-order.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import type { PendingPlanChange, SubscriptionRow } from './repository.ts';
import { emitSubscriptionEvent } from './webhook-events.ts';

/**
 * Changing a subscription's package (docs/product.md#changing-a-plan, docs/decisions/100). One
 * function prices a change, `quotePlanChange`: the preview shows what it answers and the change
 * charges what it answers again, never a figure from the browser.
 */

const creditChanged = (quote: { creditCents: number; currency: string }) =>
  `Your account credit changed meanwhile: it now pays ${formatMoney(quote.creditCents, quote.currency)} of the charge. Please look at the change again.`;

export type ChangePlanInput = z.output<typeof changePlanRequest>;
export type PlanChangeDeps = Pick<
  CompletionDeps,
  'repos' | 'provider' | 'log' | 'companyName' | 'publicUrl' | 'timeZone' | 'abn'
> & {
  /** The clock: tests set it to a day of their choosing. */
  now?: () => Date;
};

type PackageRow = NonNullable<Awaited<ReturnType<Repositories['orderSources']['findPackage']>>>;

/** An upgrade holds the subscription this long while its charge is with the provider. */
const CHANGE_LOCK_MS = 2 * 60_000;

const refused = (status: 400 | 409, path: string, message: string) =>
  new AppError(status === 400 ? 'bad_request' : 'conflict', status, message, [{ path, message }]);

const zoneOf = (deps: PlanChangeDeps) => deps.timeZone ?? 'Australia/Sydney';
const every = (interval: SubscriptionRow['interval']) => intervalTerms(interval).period;

/**
 * What a discount code takes off each period before GST (decision 069): the package's fee less
 * what the subscription charges before GST. A plan change keeps it, never below nothing.
 */
function recurringDiscountOf(project: ProjectRow, subscription: SubscriptionRow): number {
  const chargedBeforeGst = subscription.amountCents - subscription.gstCents;
  return Math.max(project.packageRecurringCostCents - chargedBeforeGst, 0);
}

/**
 * A change of `subscription` to `pkg` at `now`, priced: an upgrade (or a package of the same
 * price) now, at the difference for the days left of the period on the business's calendar; a
 * downgrade at the next renewal, nothing due today. A charge under the least a card takes is not
 * made. `waive`: staff take the change now without the prorated charge. The company's account
 * credit (`creditBalanceCents`) pays what it can of the charge first (docs/decisions/107).
 */
export function quotePlanChange(
  project: ProjectRow,
  subscription: SubscriptionRow,
  pkg: PackageRow,
  now: Date,
  timeZone: string,
  waive = false,
  creditBalanceCents = 0,
): PlanChangeQuote & { gstCents: number; waivedCents: number } {
  const fromBeforeGst = subscription.amountCents - subscription.gstCents;
  const toBeforeGst = Math.max(
    pkg.recurringCostCents - recurringDiscountOf(project, subscription),
    0,
  );
  const amountCents = withGst(toBeforeGst);
  const takesEffect =
    pkg.recurringCostCents >= project.packageRecurringCostCents ? 'now' : 'next-renewal';
  const days = planDays(
    now,
    subtractInterval(subscription.nextChargeAt, subscription.interval),
    subscription.nextChargeAt,
    timeZone,
  );
  const prorated =
    takesEffect === 'now'
      ? prorateUpgrade(fromBeforeGst, toBeforeGst, days)
      : { beforeGstCents: 0, amountCents: 0, gstCents: 0 };
  const charged = !waive && prorated.amountCents >= MIN_CHARGE_CENTS;
  const dueTodayCents = charged ? prorated.amountCents : 0;
  return {
    packageId: pkg.id,
    packageTitle: pkg.title,
    features: pkg.features,
    takesEffect,
    amountCents,
    gstCents: amountCents - toBeforeGst,
    dueTodayCents,
    dueTodayGstCents: charged ? prorated.gstCents : 0,
    creditCents: savedCardCreditCents(creditBalanceCents, dueTodayCents),
    waivedCents: waive ? prorated.amountCents : 0,
    daysLeft: days.daysLeft,
    periodDays: days.periodDays,
    nextChargeAt: subscription.nextChargeAt.toISOString(),
    nextChargeCents: amountCents,
    currency: subscription.currency,
  };
}

/** Why the plan cannot change now, or null: the same refusals the change itself answers. */
function stateRefusal(subscription: SubscriptionRow, now: Date, timeZone: string): string | null {
  if (subscription.status === 'cancelled') {
    return 'This subscription is cancelled, so its plan cannot change.';
  }
  if (subscription.status === 'past_due') {
    return 'The last renewal was declined: update the card on file before changing the plan.';
  }
  if (subscription.status === 'paused') {
    return 'This subscription is paused: resume it before changing the plan.';
  }
  const pending = subscription.pendingChange;
  if (pending) {
    return `A change to ${pending.package.title} on ${mailDate(new Date(pending.effectiveAt), timeZone)} is waiting: cancel it before choosing another.`;
  }
  if (subscription.nextChargeAt <= now) {
    return 'The renewal that is due is being charged: please try again in a few minutes.';
  }
  return null;
}

/** The account credit of the project's company, which pays an upgrade's charge first. */
async function creditBalanceOf(repos: Repositories, project: ProjectRow): Promise<number> {
  if (!project.companyId) return 0;
  return (await repos.accountCredit.balanceOf(project.companyId)) ?? 0;
}

async function subscriptionOf(repos: Repositories, project: ProjectRow) {
  const subscription = await repos.payments.findSubscriptionOfProject(project.id);
  if (!subscription) throw notFound('This project has no subscription');
  return subscription;
}

/** The package asked for, when the plan may change to it; else why not, naming the field. */
async function targetPackage(
  repos: Repositories,
  project: ProjectRow,
  subscription: SubscriptionRow,
  packageId: string,
): Promise<PackageRow> {
  const field = 'body.packageId';
  const pkg = await repos.orderSources.findPackage(packageId);
  if (!pkg) throw refused(400, field, 'There is no such package: choose one from the list.');
  if (pkg.serviceId !== project.serviceId) {
    throw refused(
      400,
      field,
      `${pkg.title} is a package of another service: choose a package of ${project.serviceTitle}.`,
    );
  }
  if (pkg.type === 'one-time') {
    throw refused(
      400,
      field,
      `${pkg.title} is a one-time package: a plan changes only to another package ${intervalTerms(subscription.interval).billed}.`,
    );
  }
  if (pkg.type !== subscription.interval) {
    throw refused(
      400,
      field,
      `${pkg.title} is ${intervalTerms(pkg.type).billed} and this plan is ${intervalTerms(subscription.interval).billed}: choose a package ${intervalTerms(subscription.interval).billed}.`,
    );
  }
  if (pkg.title === project.packageTitle) {
    throw refused(400, field, `The plan is on ${pkg.title} already: choose another package.`);
  }
  return pkg;
}

/**
 * A downgrade takes effect at the next renewal, which must not fall before the end of the
 * current package's minimum term (its periods from when the plan took it); else it is refused,
 * naming the package field and the day it may move from.
 */
async function refuseWithinMinimumTerm(
  repos: Repositories,
  project: ProjectRow,
  subscription: SubscriptionRow,
  timeZone: string,
): Promise<void> {
  const periods = (await currentPackageOf(repos, project))?.minimumTermPeriods;
  if (!periods) return;
  let termEnd = await repos.payments.packageSince(subscription);
  for (let i = 0; i < periods; i += 1) termEnd = addInterval(termEnd, subscription.interval);
  if (subscription.nextChargeAt >= termEnd) return;
  throw refused(
    400,
    'body.packageId',
    `${project.packageTitle} has a minimum term of ${termLengthText(subscription.interval, periods)}, to ${mailDate(termEnd, timeZone)}: the plan can move to a cheaper package at its first renewal from that day.`,
  );
}

/**
 * The packages a plan may change to (the service's others of the same interval), each priced as
 * the change would charge it now, and why it cannot change when it cannot.
 */
export async function planChangeOptions(
  deps: PlanChangeDeps,
  project: ProjectRow,
): Promise<PlanChangeOptions> {
  const subscription = await subscriptionOf(deps.repos, project);
  const now = deps.now?.() ?? new Date();
  const answer = {
    packageTitle: project.packageTitle,
    amountCents: subscription.amountCents,
    interval: subscription.interval,
  };
  const refusal = stateRefusal(subscription, now, zoneOf(deps));
  if (refusal) return { ...answer, refusal, options: [] };
  const [packages, creditBalance] = await Promise.all([
    project.serviceId ? deps.repos.orderSources.listPackages(project.serviceId) : [],
    creditBalanceOf(deps.repos, project),
  ]);
  const options = packages
    .filter((p) => p.type === subscription.interval && p.title !== project.packageTitle)
    .map((p) => {
      // What the preview shows; the GST of the new charge and a waiver are the change's own.
      const {
        gstCents: _gst,
        waivedCents: _waived,
        ...quote
      } = quotePlanChange(project, subscription, p, now, zoneOf(deps), false, creditBalance);
      return quote;
    });
  return {
    ...answer,
    refusal: options.length
      ? null
      : `${project.serviceTitle} has no other package ${intervalTerms(subscription.interval).billed}.`,
    options,
  };
}

/** The project's copy of its package, as a package (or a change waiting) makes it. */
function projectPackage(pkg: PendingPlanChange['package'], amountCents: number) {
  return {
    packageTitle: pkg.title,
    packagePriceSuffix: pkg.priceSuffix,
    packageFeatures: pkg.features,
    packageRecurringCostCents: pkg.recurringCostCents,
    packageActiveRequestLimit: pkg.activeRequestLimit,
    packageRequestsPerPeriod: pkg.requestsPerPeriod,
    recurringTotalWithGstCents: amountCents,
  };
}

function packageSnapshot(pkg: PackageRow): PendingPlanChange['package'] {
  return {
    title: pkg.title,
    priceSuffix: pkg.priceSuffix,
    features: pkg.features,
    recurringCostCents: pkg.recurringCostCents,
    activeRequestLimit: pkg.activeRequestLimit,
    requestsPerPeriod: pkg.requestsPerPeriod,
  };
}

/** Who did it, as the audit log's summary says it. */
async function actorOf(repos: Repositories, caller: AuthUser, project: ProjectRow) {
  const actorName = await repos.users.actorName(caller.id);
  const by = caller.id === project.userId ? 'the customer' : actorName;
  return { actorName, by, side: callerCan(caller, 'sales:manage') ? 'staff' : 'customer' };
}

/**
 * Changes the plan (docs/product.md#changing-a-plan): a downgrade waits for the next renewal; an
 * upgrade holds the subscription (one change at a time: a second at once is refused), charges
 * the prorated difference to the card on file as a renewal is charged, then, in one transaction,
 * records the payment, moves the subscription and the project to the new package, audits it,
 * tells the webhooks and mails the receipt with its tax invoice.
 */
export async function changePlan(
  deps: PlanChangeDeps,
  caller: AuthUser,
  project: ProjectRow,
  input: ChangePlanInput,
): Promise<{ subscription: SubscriptionRow; packageTitle: string }> {
  const repos = deps.repos;
  const timeZone = zoneOf(deps);
  if (input.waiveProration && !callerCan(caller, 'payments:refund')) {
    throw new AppError(
      'forbidden',
      403,
      'Only staff who refund payments may waive the prorated charge.',
      [{ path: 'body.waiveProration', message: 'Only staff who refund payments may waive it.' }],
    );
  }
  let subscription = await subscriptionOf(repos, project);
  const now = deps.now?.() ?? new Date();
  const refusal = stateRefusal(subscription, now, timeZone);
  if (refusal) throw refused(409, 'subscription', refusal);
  const pkg = await targetPackage(repos, project, subscription, input.packageId);
  const { actorName, by, side } = await actorOf(repos, caller, project);

  const preview = quotePlanChange(
    project,
    subscription,
    pkg,
    now,
    timeZone,
    input.waiveProration,
    await creditBalanceOf(repos, project),
  );
  if (
    input.expectedDueTodayCents !== undefined &&
    input.expectedDueTodayCents !== preview.dueTodayCents
  ) {
    throw refused(
      409,
      'body.expectedDueTodayCents',
      `The amount due today is now ${formatMoney(preview.dueTodayCents, preview.currency)}: please look at the change again.`,
    );
  }
  if (
    input.expectedCreditCents !== undefined &&
    input.expectedCreditCents !== preview.creditCents
  ) {
    throw refused(409, 'body.expectedCreditCents', creditChanged(preview));
  }
  const from = project.packageTitle;
  const summaryOf = (what: string) =>
    `Plan of ${orderName(project.orderNumber)} ${what} by ${by}: ${from} to ${pkg.title}`;

  if (preview.takesEffect === 'next-renewal') {
    await refuseWithinMinimumTerm(repos, project, subscription, timeZone);
    const pending: PendingPlanChange = {
      packageId: pkg.id,
      package: packageSnapshot(pkg),
      amountCents: preview.amountCents,
      gstCents: preview.gstCents,
      effectiveAt: subscription.nextChargeAt.toISOString(),
      requestedById: caller.id,
      requestedAt: now.toISOString(),
    };
    const scheduled = await repos.transaction(async (r) => {
      const scheduled = await r.payments.schedulePlanChange(subscription.id, pending);
      if (!scheduled)
        throw refused(409, 'subscription', 'The plan changed meanwhile: please look again.');
      await r.audit.record({
        actorId: caller.id,
        ip: caller.ip,
        apiKey: caller.apiKey,
        actorName,
        action: 'subscription.plan_change_scheduled',
        entityType: 'project',
        entityId: project.id,
        subjectUserId: project.userId,
        summary: `${summaryOf('set to change')} on ${mailDate(subscription.nextChargeAt, timeZone)}, then ${formatMoney(preview.amountCents, preview.currency)} every ${every(subscription.interval)}`,
        data: {
          from,
          to: pkg.title,
          packageId: pkg.id,
          amountCents: preview.amountCents,
          effectiveAt: pending.effectiveAt,
        },
      });
      return scheduled;
    });
    return { subscription: scheduled, packageTitle: from };
  }

  // An upgrade: one at a time. The quote is made again on what the claim holds.
  const claimed = await repos.payments.claimPlanChange(
    subscription.id,
    new Date(now.getTime() + CHANGE_LOCK_MS),
  );
  if (!claimed) {
    throw refused(
      409,
      'subscription',
      'Another change to this plan is under way: please look again in a moment.',
    );
  }
  subscription = claimed;
  try {
    const current = (await repos.projects.findById(project.id)) ?? project;
    if (current.packageTitle !== project.packageTitle) {
      throw refused(409, 'subscription', 'The plan changed meanwhile: please look again.');
    }
    const quote = quotePlanChange(
      current,
      subscription,
      pkg,
      now,
      timeZone,
      input.waiveProration,
      await creditBalanceOf(repos, current),
    );
    const key = `plan-change:${subscription.id}:${input.idempotencyKey}`;
    // The credit is held before the card is asked for the rest, under the charge's own key: a
    // retry after an outage finds the same hold; credit spent meanwhile refuses the change.
    const held =
      quote.creditCents > 0 && current.companyId
        ? await repos.accountCredit.hold({
            companyId: current.companyId,
            holdKey: key,
            upToCents: quote.creditCents,
            currency: subscription.currency,
          })
        : undefined;
    if (quote.creditCents > 0 && (!held || -held.amountCents !== quote.creditCents)) {
      if (held) await repos.accountCredit.returnHold(held);
      throw refused(409, 'body.expectedCreditCents', creditChanged(quote));
    }
    const cardCents = quote.dueTodayCents - quote.creditCents;
    const lines = [
      {
        description: `${project.serviceTitle}: ${from} to ${pkg.title}, ${quote.daysLeft} of ${quote.periodDays} days to ${mailDate(subscription.nextChargeAt, timeZone)}`,
        amountCents: quote.dueTodayCents - quote.dueTodayGstCents,
      },
    ];
    const payment =
      held && cardCents === 0
        ? { id: held.id, status: 'succeeded' as const, failureMessage: null }
        : cardCents > 0
          ? await chargeSavedCard(deps.provider, subscription, {
              amountCents: cardCents,
              idempotencyKey: key,
              description: `${deps.companyName}: ${project.serviceTitle}, ${from} to ${pkg.title} (rest of the period)`,
              metadata: { kind: 'plan_change', projectId: project.id },
            }).catch((error: unknown) => {
              if (!(error instanceof ProviderUnavailableError)) throw error;
              throw new AppError(
                'payment_provider_unavailable',
                502,
                'We could not reach the payment provider, so the plan did not change. Please try again: you will not be charged twice.',
              );
            })
          : null;
    if (payment && payment.status !== 'succeeded' && payment.status !== 'processing') {
      // A decline is the card's answer for this key: the held credit is the company's again.
      if (held) await repos.accountCredit.returnHold(held);
      throw declined(payment.failureMessage ?? 'The card on file was not charged.');
    }

    const changed = await repos.transaction(async (r) => {
      const recorded = payment
        ? await r.payments.insertPayment({
            projectId: project.id,
            userId: subscription.userId,
            provider: held && cardCents === 0 ? ACCOUNT_CREDIT : subscription.provider,
            transactionId: payment.id,
            amountCents: quote.dueTodayCents,
            gstCents: quote.dueTodayGstCents,
            creditCents: quote.creditCents,
            creditEntryId: held?.id ?? null,
            currency: subscription.currency,
            status: payment.status,
            idempotencyKey: key,
            kind: 'plan_change',
            subscriptionId: subscription.id,
            lineItems: lines,
          })
        : undefined;
      const applied = await r.payments.applyPlanChange(subscription.id, {
        amountCents: quote.amountCents,
        gstCents: quote.gstCents,
      });
      const moved = await r.projects.update(
        project.id,
        projectPackage(packageSnapshot(pkg), quote.amountCents),
      );
      await r.audit.record({
        actorId: caller.id,
        ip: caller.ip,
        apiKey: caller.apiKey,
        actorName,
        action: 'subscription.plan_changed',
        entityType: 'project',
        entityId: project.id,
        subjectUserId: project.userId,
        summary:
          `${summaryOf('changed')}, ${formatMoney(quote.amountCents, quote.currency)} every ${every(subscription.interval)}; ` +
          (input.waiveProration
            ? `prorated ${formatMoney(quote.waivedCents, quote.currency)} waived`
            : `${formatMoney(quote.dueTodayCents, quote.currency)} charged for ${quote.daysLeft} of ${quote.periodDays} days`),
        data: {
          from,
          to: pkg.title,
          packageId: pkg.id,
          amountCents: quote.amountCents,
          chargedCents: quote.dueTodayCents,
          waivedCents: quote.waivedCents,
          paymentId: recorded?.id ?? null,
        },
      });
      await emitSubscriptionEvent(r, 'subscription.changed', moved ?? current, applied!, {
        previousPackage: from,
        previousAmountCents: subscription.amountCents,
        takesEffect: 'now',
        proratedCents: quote.dueTodayCents,
        waived: input.waiveProration,
        paymentId: recorded?.id ?? null,
        changedBy: side,
      });
      if (recorded) {
        await enqueueEmail(
          r.jobs,
          {
            to: project.contactEmail,
            ...planChangeReceipt({
              companyName: deps.companyName,
              documentName: invoiceTitle(deps.abn ?? '').toLowerCase(),
              orderNumber: project.orderNumber,
              firstName: project.contactFirstName,
              serviceTitle: project.serviceTitle,
              fromPackage: from,
              toPackage: pkg.title,
              currency: subscription.currency,
              amountCents: recorded.amountCents,
              creditCents: quote.creditCents,
              nextChargeOn: mailDate(subscription.nextChargeAt, timeZone),
              nextChargeCents: quote.amountCents,
              interval: subscription.interval,
              projectUrl: `${deps.publicUrl}/dashboard/projects/${project.id}`,
            }),
            invoicePaymentId: recorded.id,
          },
          `receipt:${recorded.id}`,
        );
      }
      return applied!;
    });
    deps.log.info(
      { subscriptionId: subscription.id, from, to: pkg.title, chargedCents: quote.dueTodayCents },
      'plan changed',
    );
    return { subscription: changed, packageTitle: pkg.title };
  } catch (error) {
    await repos.payments.releasePlanChange(subscription.id);
    throw error;
  }
}

/** 'Cancel change': the waiting downgrade is dropped; the plan renews as it is. */
export async function cancelPlanChange(
  deps: PlanChangeDeps,
  caller: AuthUser,
  project: ProjectRow,
): Promise<SubscriptionRow> {
  const repos = deps.repos;
  const subscription = await subscriptionOf(repos, project);
  const pending = subscription.pendingChange;
  if (!pending) {
    throw refused(409, 'subscription.pendingChange', 'No change to this plan is waiting.');
  }
  const now = deps.now?.() ?? new Date();
  if (subscription.nextChargeAt <= now) {
    throw refused(
      409,
      'subscription.pendingChange',
      `The renewal that makes the change to ${pending.package.title} is being charged: it can no longer be cancelled.`,
    );
  }
  const { actorName, by } = await actorOf(repos, caller, project);
  return repos.transaction(async (r) => {
    const ended = await r.payments.endPendingPlanChange(subscription.id, false);
    if (!ended)
      throw refused(409, 'subscription.pendingChange', 'No change to this plan is waiting.');
    await r.audit.record({
      actorId: caller.id,
      ip: caller.ip,
      apiKey: caller.apiKey,
      actorName,
      action: 'subscription.plan_change_cancelled',
      entityType: 'project',
      entityId: project.id,
      subjectUserId: project.userId,
      summary: `Change of ${orderName(project.orderNumber)} to ${pending.package.title} cancelled by ${by}: it stays on ${project.packageTitle}`,
      data: { from: project.packageTitle, to: pending.package.title },
    });
    return ended;
  });
}

/**
 * At a renewal that was charged: a waiting downgrade takes effect, in the renewal's transaction.
 * The subscription's amount becomes the new package's and the project names it.
 */
export async function applyPendingPlanChange(
  r: Repositories,
  project: ProjectRow,
  subscription: SubscriptionRow,
): Promise<void> {
  const pending = subscription.pendingChange;
  if (!pending) return;
  const applied = await r.payments.endPendingPlanChange(subscription.id, true);
  if (!applied) return;
  const moved = await r.projects.update(
    project.id,
    projectPackage(pending.package, pending.amountCents),
  );
  await r.audit.record({
    actorId: null,
    ip: '',
    apiKey: null,
    actorName: 'Renewal',
    action: 'subscription.plan_changed',
    entityType: 'project',
    entityId: project.id,
    subjectUserId: project.userId,
    summary: `Plan of ${orderName(project.orderNumber)} changed at its renewal: ${project.packageTitle} to ${pending.package.title}, ${formatMoney(pending.amountCents, subscription.currency)} every ${every(subscription.interval)}`,
    data: {
      from: project.packageTitle,
      to: pending.package.title,
      packageId: pending.packageId,
      amountCents: pending.amountCents,
    },
  });
  await emitSubscriptionEvent(r, 'subscription.changed', moved ?? project, applied, {
    previousPackage: project.packageTitle,
    previousAmountCents: subscription.amountCents,
    takesEffect: 'next-renewal',
    proratedCents: 0,
    waived: false,
    paymentId: null,
    changedBy: 'renewal',
  });
}
