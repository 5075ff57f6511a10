import { addLocalDays, localDate } from '@noise/shared/dates';
import { formatCalendarDay } from '@noise/shared/format-day';
import { formatMoneyGst } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import { BALANCE_DUE_DAYS, quoteParts } from '@noise/shared/quote';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { ProjectRow } from '../projects/repository.ts';
import type { CompletionDeps } from './complete-order.ts';
import { balanceRequest } from '../emails/payments.ts';

const NO_BALANCE = 'This sale has no balance to ask for: only a quote paid with a deposit has one.';
const BALANCE_PAID = 'The balance of this quote has already been paid.';

/**
 * 'Request balance' on a quote paid with a deposit (docs/decisions/070-quote-deposits.md): the
 * quote's balance becomes payable on its page, and its customer is mailed the link. Asking again
 * mails it again. The request and its mail are one transaction; a balance paid meanwhile gets
 * neither. The balance is due BALANCE_DUE_DAYS later, and reminded as an invoice is (decision 104).
 */
export async function requestBalance(
  deps: Pick<CompletionDeps, 'repos' | 'companyName' | 'publicUrl' | 'timeZone'> & {
    notify: (userId: string, note: { title: string; body: string; link: string }) => void;
  },
  caller: AuthUser,
  project: ProjectRow,
): Promise<{ message: string }> {
  const sources = deps.repos.orderSources;
  const quote = project.quoteId ? await sources.findQuote(project.quoteId) : undefined;
  const parts = quote ? quoteParts(quote) : null;
  if (!quote || !parts?.balance || !quote.depositPaidAt) throw badRequest(NO_BALANCE);
  if (quote.paidAt) throw conflict(BALANCE_PAID);
  const users = deps.repos.users;
  const owner = await users.findById(project.userId);
  const to = owner?.email || project.contactEmail;
  const balance = formatMoneyGst(parts.balance.totalWithGstCents, 'inc', project.currency);
  const orderLabel = orderName(project.orderNumber);
  const link = `${deps.publicUrl}/custom-quote/${quote.id}`;
  const now = new Date();
  const dueDate = addLocalDays(localDate(now, deps.timeZone), BALANCE_DUE_DAYS);
  const requested = await deps.repos.transaction(async (r) => {
    if (!(await r.orderSources.markBalanceRequested(quote.id, now, dueDate))) return false;
    await enqueueEmail(r.jobs, {
      to,
      ...balanceRequest({
        companyName: deps.companyName,
        orderNumber: project.orderNumber,
        firstName: project.contactFirstName,
        quoteName: quote.name,
        balance,
        dueDate: formatCalendarDay(dueDate),
        link,
      }),
    });
    return true;
  });
  if (!requested) throw conflict(BALANCE_PAID);
  await deps.repos.audit.record({
    actorId: caller.id,
    ip: caller.ip,
    apiKey: caller.apiKey,
    actorName: await users.actorName(caller.id),
    action: 'payment.balance_requested',
    entityType: 'project',
    entityId: project.id,
    subjectUserId: project.userId,
    summary: `Asked for the balance of ${orderLabel} (${balance})`,
  });
  deps.notify(project.userId, {
    title: `Balance due: ${quote.name} (${orderLabel})`,
    body: `The balance of ${balance} is now due, by ${formatCalendarDay(dueDate)}. Pay it online.`,
    link: `/custom-quote/${quote.id}`,
  });
  return { message: `The balance request was sent to ${to}` };
}
