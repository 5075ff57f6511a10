import { formatMoneyGst } from '@noise/shared/pricing';
import { displayNameOf } from '@noise/shared/user';
import { localDate } from '@noise/shared/dates';
import { endOfValidDay, isExpired, PROPOSAL_VALID_DAYS, quoteParts } from '@noise/shared/quote';
import type { Config } from '../../config.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { invoiceDate } from '../invoices/render-invoice.ts';
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
const ACCEPTED = 'This proposal has already been accepted and signed: there is nothing to send.';
const DECLINED = 'This proposal was declined: change it to make a new version, then send it again.';
const EXPIRED = "This proposal has expired: use 'Extend' to give it a new date, then send it.";
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
  if (current.quote.acceptedAt) throw conflict(ACCEPTED);
  if (current.quote.declinedAt) throw conflict(DECLINED);
  if (isExpired(current.quote.validUntil)) throw conflict(EXPIRED);
  const recipient = await recipientOf(deps, current, email);
  const link = `${deps.config.publicUrl}/custom-quote/${current.quote.id}`;
  const currency = deps.config.payments.currency;
  const parts = quoteParts(current.quote);
  const total =
    formatMoneyGst(parts.total.totalWithGstCents, 'inc', currency) +
    (parts.deposit
      ? `, with a deposit of ${formatMoneyGst(parts.deposit.totalWithGstCents, 'inc', currency)} to pay now and the balance when the work is ready`
      : '');
  const now = new Date();
  // Valid for 30 days from sending unless staff chose a date (docs/product.md#proposals).
  const validUntil =
    current.quote.validUntil ??
    endOfValidDay(
      localDate(
        new Date(now.getTime() + PROPOSAL_VALID_DAYS * 86_400_000),
        deps.config.businessTimeZone,
      ),
      deps.config.businessTimeZone,
    );
  const greeting = await greetingName(deps, current, recipient);
  const sent = await deps.repos.transaction(async (r) => {
    const row = await r.quotes.markSent(current.quote.id, recipient, now, validUntil);
    if (!row) return false;
    // Sent because staff chose to: always mailed, whatever the customer's notification settings.
    await enqueueEmail(
      r.jobs,
      quoteEmail(deps.config, {
        to: recipient.recipientEmail,
        greeting,
        name: row.name,
        summary: row.summary,
        total,
        validUntil: invoiceDate(validUntil, deps.config.businessTimeZone),
        link,
        needsSignIn: recipient.customerId !== null,
      }),
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
      title: `Your proposal: ${current.quote.name}`,
      body: `Your proposal is ready: ${total}. Read it, then accept and sign it online.`,
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

/** The name the mail greets: the customer's, when the proposal is for their account. */
async function greetingName(
  deps: QuoteDeps,
  current: Awaited<ReturnType<typeof findQuote>>,
  recipient: Recipient,
): Promise<string> {
  if (!recipient.customerId) return '';
  if (current.customer?.id === recipient.customerId) {
    return current.customer.firstName.trim() || displayNameOf(current.customer);
  }
  const user = await deps.users.findById(recipient.customerId);
  return user ? user.firstName.trim() || displayNameOf(user) : '';
}

/** The proposal mail (docs/product.md#emails): who it is for, what it is, what it costs, until when. */
function quoteEmail(
  config: Config,
  m: {
    to: string;
    greeting: string;
    name: string;
    summary: string;
    total: string;
    validUntil: string;
    link: string;
    needsSignIn: boolean;
  },
) {
  const access = m.needsSignIn
    ? `Sign in with this email address (${m.to}) to open it.`
    : 'You do not need an account: you can accept and pay it as a guest.';
  return {
    to: m.to,
    action: { label: 'Review and sign', url: m.link },
    subject: `Your proposal from ${config.companyName}: ${m.name}`,
    text:
      `Hi ${m.greeting || 'there'},\n\n` +
      `Your proposal "${m.name}" is ready.\n\n` +
      (m.summary ? `${m.summary}\n\n` : '') +
      `Price: ${m.total}.\n` +
      `Valid until: ${m.validUntil}.\n\n` +
      `Read it, then accept and sign it (or decline it) here:\n${m.link}\n\n` +
      `${access}\n\n— ${config.companyName}\n`,
  };
}
