import { termsOfType } from '@noise/shared/intervals';
import { subtractInterval } from '../../lib/intervals.ts';
import type { Repositories } from '../../repositories.ts';

export type PlanFound = NonNullable<Awaited<ReturnType<Repositories['requests']['findPlan']>>>;

/** Why a plan takes no new requests, or null when it does. */
export function planRefusal(found: Pick<PlanFound, 'plan' | 'subscriptionStatus'>): string | null {
  const { plan, subscriptionStatus } = found;
  if (plan.status === 'cancelled' || subscriptionStatus === 'cancelled') {
    return `Your ${plan.packageTitle} plan is cancelled, so it takes no new requests. Order the plan again to submit more.`;
  }
  if (plan.status === 'completed') {
    return `Your ${plan.packageTitle} plan has ended, so it takes no new requests.`;
  }
  if (subscriptionStatus === 'paused') {
    return `Your ${plan.packageTitle} plan is paused, so it takes no new requests until it resumes.`;
  }
  if (plan.status === 'on-hold') {
    return `Your ${plan.packageTitle} plan is paused, so it takes no new requests until the team resumes it.`;
  }
  if (subscriptionStatus === 'past_due') {
    return `Your ${plan.packageTitle} plan is paused because its renewal was declined: update your card on the Billing page to submit requests again.`;
  }
  return null;
}

/** The start of the plan's current period: its next charge less one period (a week… a year). */
export function periodStart(plan: PlanFound['plan'], nextChargeAt: Date | null): Date {
  return subtractInterval(nextChargeAt ?? new Date(), termsOfType(plan.packageType).interval);
}
