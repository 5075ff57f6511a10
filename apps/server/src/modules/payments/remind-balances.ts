import { addLocalDays, localDate } from '@noise/shared/dates';
import { formatCalendarDay } from '@noise/shared/format-day';
import { formatMoneyGst } from '@noise/shared/pricing';
import { quoteParts } from '@noise/shared/quote';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { balanceReminder } from '../emails/payments.ts';
import { enqueueEmail } from '../jobs/email.ts';

/*
 * The reminders of a requested, unpaid quote balance (docs/decisions/104): one some days before
 * its due date and one some days after it, on the schedule Settings › Business details set for
 * invoices ('Invoice reminders'; 0 sends none).
 */
/** A balance asked for within this long gets no 'before' reminder: its own mail is fresh. */
const FRESH_MS = 24 * 3600_000;
const BATCH = 50;

/**
 * One round: each quote is locked and marked reminded in the transaction that queues its mail,
 * so two processes never remind twice; one paid meanwhile is marked without a mail.
 */
export async function remindBalances(deps: { repos: Repositories; config: Config }, now: Date) {
  const { config } = deps;
  const today = localDate(now, config.businessTimeZone);
  const { invoiceReminderDaysBefore: before, invoiceReminderDaysAfter: after } = config.business;
  let sent = 0;
  for (const which of ['before', 'after'] as const) {
    if ((which === 'before' ? before : after) <= 0) continue;
    const day = which === 'before' ? addLocalDays(today, before) : addLocalDays(today, 1 - after);
    const due = await deps.repos.orderSources.balancesDueForReminder(which, day, BATCH);
    for (const { project } of due) {
      const mailed = await deps.repos.transaction(async (r) => {
        const quote = await r.orderSources.lockQuote(project.quoteId!);
        if (!quote?.balanceDueDate || quote.paidAt) return false;
        const marked =
          which === 'before' ? quote.balanceRemindedBeforeAt : quote.balanceRemindedAfterAt;
        if (marked !== null) return false;
        const fresh = now.getTime() - (quote.balanceRequestedAt?.getTime() ?? 0) < FRESH_MS;
        if (which === 'before' && fresh && quote.balanceDueDate >= today) return false;
        await r.orderSources.markBalanceReminded(quote.id, which, now);
        // A balance already overdue when the 'before' pass finds it gets only the overdue one.
        if (which === 'before' && quote.balanceDueDate < today) return false;
        const balance = quoteParts(quote).balance;
        if (!balance) return false;
        const owner = await r.users.findById(project.userId);
        await enqueueEmail(r.jobs, {
          to: owner?.email || project.contactEmail,
          ...balanceReminder({
            companyName: config.companyName,
            orderNumber: project.orderNumber,
            firstName: project.contactFirstName,
            quoteName: quote.name,
            balance: formatMoneyGst(balance.totalWithGstCents, 'inc', project.currency),
            dueDate: formatCalendarDay(quote.balanceDueDate),
            overdue: which === 'after',
            link: `${config.publicUrl}/custom-quote/${quote.id}`,
          }),
        });
        return true;
      });
      if (mailed) sent++;
    }
  }
  return sent;
}
