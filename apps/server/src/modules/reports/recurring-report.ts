import { localDate } from '@noise/shared/dates';
import { displayNameOf } from '@noise/shared/display-name';
import { invoiceAgeBuckets, type RecurringReport } from '@noise/shared/reports';
import { periodsPerYear } from '../../lib/intervals.ts';
import type { Repositories } from '../../repositories.ts';
import { billFigures } from '../bills/manage-bill.ts';
import type { BillPaymentWithRefunds } from '../bills/repository.ts';

/** The renewals listed; the count and total cover them all. */
const RENEWALS_LISTED = 50;
export const RENEWAL_WINDOW_DAYS = 30;
/** Bills read for the ages: far more than a shop sends unpaid. */
const BILLS_READ = 10_000;
const DAY_MS = 86_400_000;

/**
 * Reporting's recurring figures (docs/product.md#reporting): the plans' monthly amount, the
 * renewals of the next 30 days and the unpaid invoices by age. The invoices' figures come from
 * `billFigures`, as on their own pages; the renewals' from the subscriptions they charge.
 */
export async function recurringReport(
  deps: { repos: Repositories; timeZone: string },
  now: Date,
): Promise<RecurringReport> {
  const today = localDate(now, deps.timeZone);
  const [plans, renewals, sent] = await Promise.all([
    deps.repos.reports.livePlans(),
    deps.repos.reports.renewalsBetween(
      now,
      new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS),
      RENEWALS_LISTED,
    ),
    deps.repos.bills.listSentUnvoided(BILLS_READ),
  ]);

  // Each interval's sum scaled to a month, rounded once at the end: the figure is the plans'.
  const perMonth = (rows: typeof plans, field: 'cents' | 'gstCents') =>
    Math.round(
      rows.reduce((total, row) => total + (row[field] * periodsPerYear(row.interval)) / 12, 0),
    );
  const live = plans.filter((row) => row.status !== 'paused');
  const paused = plans.filter((row) => row.status === 'paused');
  const count = (rows: typeof plans) => rows.reduce((n, row) => n + row.plans, 0);

  const payments = new Map<string, BillPaymentWithRefunds[]>();
  for (const payment of await deps.repos.bills.paymentsOf(sent.map((row) => row.bill.id))) {
    if (!payment.billId) continue;
    const ofBill = payments.get(payment.billId);
    if (ofBill) ofBill.push(payment);
    else payments.set(payment.billId, [payment]);
  }
  const buckets = invoiceAgeBuckets.map((bucket) => ({ label: bucket.label, cents: 0, count: 0 }));
  for (const { bill } of sent) {
    const figures = billFigures(bill, payments.get(bill.id) ?? [], today);
    if (figures.status === 'paid' || figures.dueCents === 0) continue;
    const overdueDays = Math.round(
      (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${bill.dueDate}T00:00:00Z`)) / DAY_MS,
    );
    const at = invoiceAgeBuckets.findIndex(
      (b) => overdueDays >= b.fromDays && overdueDays <= b.toDays,
    );
    buckets[at]!.cents += figures.dueCents;
    buckets[at]!.count += 1;
  }

  return {
    timeZone: deps.timeZone,
    monthly: {
      cents: perMonth(live, 'cents'),
      gstCents: perMonth(live, 'gstCents'),
      plans: count(live),
      pastDue: count(live.filter((row) => row.status === 'past_due')),
      paused: { plans: count(paused), cents: perMonth(paused, 'cents') },
    },
    renewals: {
      days: RENEWAL_WINDOW_DAYS,
      count: renewals.count,
      totalCents: renewals.cents,
      items: renewals.items.map((row) => ({
        projectId: row.projectId,
        orderNumber: row.orderNumber,
        client:
          row.companyName ||
          displayNameOf({ displayName: '', firstName: row.firstName, lastName: row.lastName }),
        serviceTitle: row.serviceTitle,
        packageTitle: row.packageTitle,
        at: row.at.toISOString(),
        amountCents: Number(row.amountCents),
      })),
    },
    outstanding: {
      totalCents: buckets.reduce((n, b) => n + b.cents, 0),
      count: buckets.reduce((n, b) => n + b.count, 0),
      buckets,
    },
  };
}
