import { billMoney, billPaid } from '@noise/shared/bills';
import { addLocalDays, localDate } from '@noise/shared/dates';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { billReminder } from '../emails/bills.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { defineJobs } from '../jobs/lanes.ts';
import { emitWebhookEvent } from '../webhooks/deliver-webhook.ts';
import { billEventData, billFigures, billMailFacts } from './manage-bill.ts';

/*
 * The reminders of an unpaid invoice (docs/product.md#invoices): one some days before its due
 * date, and one some days after it (Overdue, with `invoice.overdue`), as Settings › Business
 * details say (3 and 1 by default; 0 sends none).
 */
/** A bill sent within this long gets no 'before' reminder: its own mail is fresh. */
const FRESH_MS = 24 * 3600_000;
const BATCH = 50;

/**
 * One round of reminders: each bill is locked and marked reminded in the transaction that
 * queues its mail, so two processes never remind twice. A bill paid or voided meanwhile is
 * marked without a mail, so it is not read again.
 */
export async function remindBills(deps: { repos: Repositories; config: Config }, now: Date) {
  const today = localDate(now, deps.config.businessTimeZone);
  const { invoiceReminderDaysBefore: before, invoiceReminderDaysAfter: after } =
    deps.config.business;
  let sent = 0;
  for (const which of ['before', 'after'] as const) {
    if ((which === 'before' ? before : after) <= 0) continue;
    // Before: due within `before` days. After: due `after` days ago or more.
    const day = which === 'before' ? addLocalDays(today, before) : addLocalDays(today, 1 - after);
    const due = await deps.repos.bills.dueForReminder(which, day, BATCH);
    for (const row of due) {
      const mailed = await deps.repos.transaction(async (r) => {
        const locked = await r.bills.lock(row.bill.id);
        if (!locked || locked.voidedAt) return false;
        if ((which === 'before' ? locked.remindedBeforeAt : locked.remindedAfterAt) !== null) {
          return false;
        }
        const payments = await r.bills.paymentsOf([locked.id]);
        const figures = billFigures(locked, payments, today);
        const fresh = now.getTime() - (locked.sentAt?.getTime() ?? 0) < FRESH_MS;
        if (which === 'before' && fresh && locked.dueDate >= today) {
          return false;
        }
        await r.bills.markReminded(locked.id, which, now);
        if (figures.status === 'paid' || billPaid(payments) >= billMoney(locked.lines).totalCents) {
          return false;
        }
        // A bill already overdue when the 'before' pass finds it gets only the overdue one.
        if (which === 'before' && locked.dueDate < today) return false;
        const found = { bill: locked, customer: row.customer };
        await enqueueEmail(r.jobs, {
          to: row.customer.email,
          ...billReminder({
            ...billMailFacts(deps, found, figures.dueCents),
            overdue: which === 'after',
          }),
        });
        if (which === 'after') {
          await emitWebhookEvent(r, 'invoice.overdue', billEventData(deps, found, figures));
        }
        return true;
      });
      if (mailed) sent++;
    }
  }
  return sent;
}

/** The reminders' sweep, in the bulk lane, every quarter of an hour. */
export function billJobs(deps: { repos: Repositories; config: Config }) {
  return defineJobs({
    schedules: [
      {
        kind: 'remind-bills',
        lane: 'bulk',
        everyMs: 15 * 60_000,
        run: (now) => remindBills(deps, now),
      },
    ],
  });
}
