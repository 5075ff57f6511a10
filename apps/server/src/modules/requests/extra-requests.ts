import { termsOfType } from '@noise/shared/intervals';
import { billMoney, type BillLine } from '@noise/shared/bills';
import { localDate } from '@noise/shared/dates';
import { orderName } from '@noise/shared/project-constants';
import { allowanceOf, type ExtraRequestBought, type RequestPlan } from '@noise/shared/requests';
import type { Config } from '../../config.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { billFigures, payUrlOf } from '../bills/manage-bill.ts';
import type { BillRow } from '../bills/repository.ts';
import { periodStart, planRefusal, type PlanFound } from './plans.ts';

/**
 * Extra requests (docs/product.md#extra-requests, docs/decisions/101): a client whose plan's
 * requests for the period are used buys one more as an invoice of one line, paid by card on the
 * invoice's pay page. Its payment records are the only proof: an invoice counts once they cover
 * it, toward the period it was paid in, and stops counting if that payment is reversed.
 */

/** The one line an extra request is billed as: its plan and order, at the package's price. */
function extraRequestLine(plan: PlanFound['plan'], priceCents: number): BillLine {
  return {
    description: `Extra request: ${plan.serviceTitle} (${plan.packageTitle}, ${orderName(plan.orderNumber)})`,
    quantityHundredths: 100,
    unitCents: priceCents,
    gst: true,
  };
}

/** What one more request costs under this plan now, or null when it sells none. */
export function extraRequestOffer(found: PlanFound): RequestPlan['extraRequest'] {
  const price = found.extraRequestPriceCents;
  if (found.plan.packageRequestsPerPeriod === null || !price) return null;
  const money = billMoney([extraRequestLine(found.plan, price)]);
  return {
    priceCents: money.subtotalCents,
    gstCents: money.gstCents,
    totalCents: money.totalCents,
  };
}

export interface PlanExtras {
  /** Paid in the plan's current period: each raises its cap by one. */
  paidThisPeriod: number;
  /** Sent and not yet paid, oldest first: bought again, the same invoice is given. */
  unpaid: BillRow[];
}

/** Each plan's extra requests, from their invoices' payment records. */
export async function extrasOf(
  repos: Pick<Repositories, 'bills'>,
  plans: readonly { id: string; since: Date }[],
  today: string,
): Promise<Map<string, PlanExtras>> {
  const rows = await repos.bills.ofRequestPlans(plans.map((p) => p.id));
  const payments = await repos.bills.paymentsOf(rows.map((r) => r.id));
  const out = new Map<string, PlanExtras>(
    plans.map((p) => [p.id, { paidThisPeriod: 0, unpaid: [] }]),
  );
  for (const row of rows) {
    const plan = plans.find((p) => p.id === row.requestPlanId);
    const extras = plan && out.get(plan.id);
    if (!plan || !extras) continue;
    const own = payments.filter((p) => p.billId === row.id);
    if (billFigures(row, own, today).status !== 'paid') {
      extras.unpaid.push(row);
      continue;
    }
    const paidAt = Math.max(
      ...own.filter((p) => p.status === 'succeeded').map((p) => p.createdAt.getTime()),
    );
    if (paidAt >= plan.since.getTime()) extras.paidThisPeriod += 1;
  }
  return out;
}

/**
 * An Owner or Billing person of the plan's company buys one more request once the period's are
 * used: an invoice for them at the package's price with GST, sent, with its pay link. The plan's
 * row is locked, so two clicks give one invoice: an unpaid one of theirs is given again.
 */
export async function buyExtraRequest(
  repos: Pick<Repositories, 'requests' | 'transaction'>,
  config: Pick<Config, 'publicUrl' | 'tokenSecret' | 'businessTimeZone' | 'payments'>,
  caller: AuthUser,
  planId: string,
  now = new Date(),
): Promise<ExtraRequestBought> {
  const found = await repos.requests.findPlan(planId);
  if (
    !found ||
    !caller.companyId ||
    found.plan.companyId !== caller.companyId ||
    found.plan.claimTokenHash !== null
  ) {
    throw notFound('Plan not found');
  }
  const refusal = planRefusal(found);
  if (refusal) throw conflict(refusal);
  const cap = found.plan.packageRequestsPerPeriod;
  const price = found.extraRequestPriceCents;
  if (cap === null || !price) {
    throw conflict(`Your ${found.plan.packageTitle} plan does not sell extra requests.`);
  }
  const today = localDate(now, config.businessTimeZone);
  const bill = await repos.transaction(async (tx) => {
    await tx.requests.lockPlan(planId);
    const since = periodStart(found.plan, found.nextChargeAt);
    const used = await tx.requests.countSince(planId, since);
    const extras = (await extrasOf(tx, [{ id: planId, since }], today)).get(planId)!;
    const left =
      allowanceOf({ requestsPerPeriod: cap, extraThisPeriod: extras.paidThisPeriod })! - used;
    if (left > 0) {
      throw conflict(
        `You have ${left} request${left === 1 ? '' : 's'} left ${termsOfType(found.plan.packageType).thisPeriod}: an extra one can be bought once they are used.`,
      );
    }
    const waiting = extras.unpaid.find((b) => b.customerId === caller.id);
    if (waiting) return waiting;
    return tx.bills.insert({
      customerId: caller.id,
      lines: [extraRequestLine(found.plan, price)],
      dueDate: today,
      currency: config.payments.currency,
      createdByName: '',
      sentAt: now,
      requestPlanId: planId,
    });
  });
  return { invoiceId: bill.id, payUrl: payUrlOf(config, bill.id) };
}
