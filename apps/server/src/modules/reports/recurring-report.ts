import { addLocalDays, endOfLocalDay, localDate } from '@noise/shared/dates';
import { displayNameOf } from '@noise/shared/display-name';
import {
  invoiceAgeBuckets,
  mrrMovementKinds,
  mrrMovementLabels,
  type MrrMovementKind,
  type RecurringReport,
} from '@noise/shared/reports';
import { periodsPerYear } from '../../lib/intervals.ts';
import type { Repositories } from '../../repositories.ts';
import { billFigures } from '../bills/manage-bill.ts';
import type { BillPaymentWithRefunds } from '../bills/repository.ts';

/** The renewals listed; the count and total cover them all. */
const RENEWALS_LISTED = 50;
export const RENEWAL_WINDOW_DAYS = 30;
/** Owed bills read for the ages: far more than a shop has unpaid at once. */
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
  // The month so far: from the business's midnight on the 1st.
  const monthStart = new Date(
    endOfLocalDay(addLocalDays(`${today.slice(0, 7)}-01`, -1), deps.timeZone).getTime() + 1,
  );
  const upToNow = new Date(now.getTime() + 1);
  const [plans, renewals, sent, during] = await Promise.all([
    deps.repos.reports.livePlans(),
    deps.repos.reports.renewalsBetween(
      now,
      new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS),
      RENEWALS_LISTED,
    ),
    deps.repos.bills.listOutstanding(BILLS_READ),
    deps.repos.reports.planChangesBetween(monthStart, upToNow),
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

  // The month's movements, from the change log: only this month's rows are read, however long
  // the history. Each in twelfths of a cent a month (a period's amount times its periods a year),
  // rounded so that they add up; the opening is the figure now less them, so opening + movements
  // = now to the cent on screen (decision 108).
  const twelfths = (rows: typeof during, field: 'cents' | 'gstCents') =>
    rows.reduce((total, row) => total + row[field] * periodsPerYear(row.interval), 0);
  const month = (value: number) => Math.round(value / 12);
  const movementOf: Record<(typeof during)[number]['kind'], MrrMovementKind> = {
    started: 'new',
    upgraded: 'expansion',
    downgraded: 'contraction',
    cancelled: 'churned',
    paused: 'paused',
    resumed: 'resumed',
  };
  const ofKind = mrrMovementKinds.map((kind) =>
    during.filter((row) => movementOf[row.kind] === kind),
  );
  const cents = roundToTotal(
    ofKind.map((rows) => twelfths(rows, 'cents')),
    12,
    month(twelfths(during, 'cents')),
  );
  const gstCents = roundToTotal(
    ofKind.map((rows) => twelfths(rows, 'gstCents')),
    12,
    month(twelfths(during, 'gstCents')),
  );
  const closingCents = perMonth(live, 'cents');
  const movements = {
    since: `${today.slice(0, 7)}-01`,
    openingCents: closingCents - cents.reduce((n, c) => n + c, 0),
    closingCents,
    items: mrrMovementKinds.map((kind, i) => ({
      kind,
      label: mrrMovementLabels[kind],
      plans: ofKind[i]!.reduce((n, row) => n + row.plans, 0),
      cents: cents[i]!,
      gstCents: gstCents[i]!,
    })),
  };

  return {
    timeZone: deps.timeZone,
    movements,
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

/**
 * Each of `values / divisor`, rounded to whole numbers that add up to `total` (the sum rounded
 * elsewhere): each is rounded down, and the ones with the largest remainders take one more until
 * the sum is reached (the largest remainder method).
 */
export function roundToTotal(values: readonly number[], divisor: number, total: number): number[] {
  const floors = values.map((value) => Math.floor(value / divisor));
  let missing = total - floors.reduce((n, v) => n + v, 0);
  const order = values
    .map((value, i) => ({ i, remainder: value / divisor - floors[i]! }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i]! += 1;
    missing -= 1;
  }
  return floors;
}
