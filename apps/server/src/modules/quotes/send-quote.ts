import { formatMoneyGst } from '@noise/shared/pricing';
import { quoteParts } from '@noise/shared/quote';
import type { Config } from '../../config.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { Notifier } from '../notifications/notifier.ts';
import {
  findQuote,
  recordQuote,
  resolveRecipient,
  type QuoteDeps,
  type Recipient,
} from './manage-quote.ts';

const PAID = 'This quote has already been paid, so it cannot be sent again.';
const DEPOSIT_PAID =
  'The deposit of this quote has been paid: ask for its balance from its sale instead.';
const NO_RECIPIENT = 'Choose who the quote is for, or type their email address';

/**
 * 'Send to customer': mails the quote's payment link to whom it is for, or to the address typed,
 * which then becomes whom it is for. The send date and the mail are written in one transaction,
 * so a quote marked sent always has its mail queued; a quote paid meanwhile gets neither.
 */
export async function sendQuote(
  deps: QuoteDeps & { config: Config; notifier: Notifier },
  actor: AuthUser,
  id: string,
  email: string | undefined,
): Promise<{ message: string }> {
  const current = await findQuote(deps, id);
  if (current.quote.paidAt) throw conflict(PAID);
  if (current.quote.depositPaidAt) throw conflict(DEPOSIT_PAID);
  const recipient = await recipientOf(deps, current, email);
  const link = `${deps.config.publicUrl}/custom-quote/${current.quote.id}`;
  const currency = deps.config.payments.currency;
  const parts = quoteParts(current.quote);
  const total =
    formatMoneyGst(parts.total.totalWithGstCents, 'inc', currency) +
    (parts.deposit
      ? `, with a deposit of ${formatMoneyGst(parts.deposit.totalWithGstCents, 'inc', currency)} to pay now and the balance when the work is ready`
      : '');
  const sent = await deps.repos.transaction(async (r) => {
    const row = await r.quotes.markSent(current.quote.id, recipient, new Date());
    if (!row) return false;
    // Sent because staff chose to: always mailed, whatever the customer's notification settings.
    await enqueueEmail(
      r.jobs,
      quoteEmail(deps.config, recipient.recipientEmail, row.name, total, link),
    );
    return true;
  });
  if (!sent) throw conflict(PAID);
  await recordQuote(deps, actor, current.quote.id, {
    action: 'quote.sent',
    summary: `Sent quote "${current.quote.name}" (${total}) to ${recipient.recipientEmail}`,
  });
  if (recipient.customerId) {
    await deps.notifier.sendQuietly([recipient.customerId], {
      kind: 'quote-link',
      title: `Your quote: ${current.quote.name}`,
      body: `Your custom quote is ready: ${total}. Review and pay it online.`,
      link: `/custom-quote/${current.quote.id}`,
      skipEmail: true,
    });
  }
  return { message: `The quote link was sent to ${recipient.recipientEmail}` };
}

async function recipientOf(
  deps: QuoteDeps,
  current: Awaited<ReturnType<typeof findQuote>>,
  email: string | undefined,
): Promise<Recipient> {
  if (email) return resolveRecipient(deps, { customerId: null, recipientEmail: email });
  // The customer's address as it is now: they may have changed it since the quote was made.
  if (current.customer) {
    return {
      customerId: current.customer.id,
      recipientEmail: current.customer.email.toLowerCase(),
    };
  }
  if (current.quote.recipientEmail) {
    return { customerId: null, recipientEmail: current.quote.recipientEmail };
  }
  throw badRequest(NO_RECIPIENT, [{ path: 'email', message: NO_RECIPIENT }]);
}

function quoteEmail(config: Config, to: string, name: string, total: string, link: string) {
  return {
    to,
    subject: `Your quote from ${config.companyName}: ${name}`,
    text:
      `Hello,\n\nYour custom quote "${name}" is ready: ${total}.\n\n` +
      `Review and pay it here:\n${link}\n\nYou will need to sign in or create an account.\n\n— ${config.companyName}\n`,
  };
}
