import { localDate, localDateTime } from '@noise/shared/dates';
import { projectStatusLabels, salesQuery, type ProjectStatus } from '@noise/shared/project';
import type { z } from 'zod';
import { csvCell } from '../../lib/csv.ts';
import { displayNameOf } from '@noise/shared/user';
import type { MoneyOf } from '../payments/order-money-of.ts';
import type { ProjectRepository } from '../projects/repository.ts';
import type { UserRepository } from '../users/repository.ts';

const CSV_MAX_ROWS = 50_000;

/**
 * The Sales list as CSV, with the list's filters: a byte-order mark so spreadsheets read UTF-8,
 * CRLF lines, amounts as plain numbers (they sum) and the currency in its own column. What was
 * paid, refunded and kept comes from each order's payments and refunds (order-money.ts).
 */
export async function salesCsv(
  deps: {
    projects: ProjectRepository;
    users: UserRepository;
    moneyOf: MoneyOf;
    timeZone: string;
    now: Date;
  },
  query: Omit<z.infer<typeof salesQuery>, 'cursor' | 'limit'>,
): Promise<{ filename: string; body: string }> {
  const rows = await deps.projects.listPage(
    { ...query, timeZone: deps.timeZone, now: deps.now },
    CSV_MAX_ROWS,
  );
  const moneyOf = await deps.moneyOf(rows.map((r) => r.project));
  const staff = await deps.users.listStaff();
  const assignee = new Map(staff.map((m) => [m.id, displayNameOf(m) || m.email]));
  const header = [
    'Order number',
    'Date',
    'Type',
    'Company',
    'Customer',
    'Email',
    'Service',
    'Package',
    'Status',
    'Assigned to',
    'Due date',
    'Total (exc. GST)',
    'Paid at order (inc. GST)',
    'Recurring (inc. GST)',
    'Charged (inc. GST)',
    'Refunded (inc. GST)',
    'Kept (inc. GST)',
    'GST kept',
    'Currency',
  ];
  const amount = (cents: number) => (cents / 100).toFixed(2);
  const lines = rows.map(({ project: p }) => {
    // The order's figures, as every screen shows them (docs/product.md#money-after-the-sale).
    const money = moneyOf.get(p.id)!;
    return [
      p.orderNumber,
      localDateTime(p.createdAt, deps.timeZone),
      p.type === 'Project' ? 'Project' : 'Custom quote',
      p.contactCompanyName,
      `${p.contactFirstName} ${p.contactLastName}`.trim(),
      p.contactEmail,
      p.serviceTitle,
      p.packageTitle,
      projectStatusLabels[p.status as ProjectStatus] ?? p.status,
      p.coordinatorId ? (assignee.get(p.coordinatorId) ?? '') : '',
      p.expectedDeliveryDate ? p.expectedDeliveryDate.toISOString().slice(0, 10) : '',
      // After any discount: what the first payment charged before GST (× GST is what was paid);
      // a quote paid in two parts, its whole value.
      amount(
        money.depositCents > 0
          ? p.totalPriceCents
          : money.paidAtOrderCents - money.paidAtOrderGstCents,
      ),
      amount(money.paidAtOrderCents),
      amount(money.recurringCents),
      amount(money.chargedCents),
      amount(money.refundedCents),
      amount(money.keptCents),
      amount(money.keptGstCents),
      p.currency,
    ]
      .map(csvCell)
      .join(',');
  });
  const day = localDate(deps.now, deps.timeZone);
  return {
    filename: `sales-${day}.csv`,
    body: `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`,
  };
}
