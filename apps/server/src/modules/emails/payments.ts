import { intervalTerms, type Period, type RecurringInterval } from '@noise/shared/intervals';
import { refundReasonLabels, type RefundReason } from '@noise/shared/order-money';
import { formatMoney, gstNotes } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import type { EmailMessage as MailText } from '../../lib/email-html.ts';

/**
 * What the checkout's and billing's emails say, one function per kind of message: the receipt
 * of an order (or a quote's deposit), of a quote's balance and of a renewal, a declined renewal,
 * a balance request and a refund. Kept together so the wording stays one voice; the HTML part is
 * this text in the shop's layout, with the action as its button (docs/product.md#emails).
 */

/** Customers get these because they bought from the shop. */
const BUYER = (companyName: string) =>
  `You received this email because you placed an order with ${companyName}.`;

/** Lines joined, with no two blank lines in a row (a line left out leaves no gap). */
function paragraphs(lines: string[]): string {
  return lines.filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n');
}

/** '$1,100.00 AUD': mails name the currency. */
const withCurrency = (cents: number, currency: string) =>
  `${formatMoney(cents, currency)} ${currency.toUpperCase()}`;

/** The receipt of a new order or of a quote's deposit, with its tax invoice attached. */
export function orderReceipt(input: {
  companyName: string;
  publicUrl: string;
  documentName: string;
  orderNumber: number;
  projectId: string;
  firstName: string;
  serviceTitle: string;
  packageTitle: string;
  currency: string;
  amountCents: number;
  gstCents: number;
  /** A quote's deposit: the balance due later, inc. GST. */
  balanceCents: number | null;
  recurring: { amountCents: number; period: Period } | null;
  /** A guest's order for an existing account: the link that adds it to the account. */
  claimUrl: string | null;
}): MailText {
  const money = (cents: number) => withCurrency(cents, input.currency);
  const orderLabel = orderName(input.orderNumber);
  return {
    action: input.claimUrl
      ? { label: 'Add the order to my account', url: input.claimUrl }
      : {
          label: 'Follow your project',
          url: `${input.publicUrl}/dashboard/projects/${input.projectId}`,
        },
    reason: BUYER(input.companyName),
    subject: `Your ${input.companyName} order: ${input.serviceTitle} (${orderLabel})`,
    text: paragraphs([
      `Hi ${input.firstName || 'there'},`,
      '',
      `Thank you for ordering ${input.serviceTitle} (${input.packageTitle}). This is ${orderLabel}: please mention it when you contact us.`,
      `${input.balanceCents !== null ? 'Deposit' : 'Due today'}: ${money(input.amountCents)} ${gstNotes.inc} (GST ${money(input.gstCents)}), paid. Your ${input.documentName} is attached.`,
      input.balanceCents !== null
        ? `The balance of ${money(input.balanceCents)} ${gstNotes.inc} is due when the work is ready: we will email you a link to pay it.`
        : '',
      input.recurring
        ? `Then ${money(input.recurring.amountCents)} every ${input.recurring.period} ${gstNotes.inc}, charged to the same card until you cancel.`
        : '',
      '',
      input.claimUrl
        ? `This email address already has an account with us, so the order waits for you there. To add it to your account, open this link:\n${input.claimUrl}\n\nIf you did not place this order, ignore this email: nothing is added to your account.`
        : `Follow your project at ${input.publicUrl}/dashboard/projects/${input.projectId}`,
      '',
      `— ${input.companyName}`,
    ]),
  };
}

/** The receipt of a quote's balance, with its tax invoice attached. */
export function balanceReceipt(input: {
  companyName: string;
  publicUrl: string;
  documentName: string;
  orderNumber: number;
  projectId: string;
  firstName: string;
  quoteName: string;
  currency: string;
  amountCents: number;
  gstCents: number;
}): MailText {
  const money = (cents: number) => withCurrency(cents, input.currency);
  const orderLabel = orderName(input.orderNumber);
  return {
    action: {
      label: 'Follow your project',
      url: `${input.publicUrl}/dashboard/projects/${input.projectId}`,
    },
    reason: BUYER(input.companyName),
    subject: `Balance paid: ${input.quoteName} (${orderLabel})`,
    text: paragraphs([
      `Hi ${input.firstName || 'there'},`,
      '',
      `Thank you: the balance of ${input.quoteName} (${orderLabel}) is paid, and the quote is paid in full.`,
      `Balance: ${money(input.amountCents)} ${gstNotes.inc} (GST ${money(input.gstCents)}), paid. Your ${input.documentName} is attached.`,
      '',
      `Follow your project at ${input.publicUrl}/dashboard/projects/${input.projectId}`,
      '',
      `— ${input.companyName}`,
    ]),
  };
}

/** What a mail about a quote's balance says of it: the same for the request and its reminders. */
interface BalanceMail {
  companyName: string;
  orderNumber: number;
  firstName: string;
  quoteName: string;
  /** '$1,540.00 inc. GST' */
  balance: string;
  /** '05 Dec, 2026' */
  dueDate: string;
  link: string;
}

/** A balance mail: its subject and what it says, then the pay link, and any closing lines. */
function balanceMail(
  input: BalanceMail,
  subject: string,
  why: string,
  after: string[] = [],
): MailText {
  return {
    action: { label: 'Pay the balance', url: input.link },
    reason: BUYER(input.companyName),
    subject,
    text: paragraphs([
      `Hi ${input.firstName || 'there'},`,
      '',
      why,
      '',
      `Pay it here (sign in with this email address):\n${input.link}`,
      '',
      ...after,
      `— ${input.companyName}`,
    ]),
  };
}

/** Staff asked for a quote's balance: the link to pay it. */
export function balanceRequest(input: BalanceMail): MailText {
  const orderLabel = orderName(input.orderNumber);
  return balanceMail(
    input,
    `Balance due: ${input.quoteName} (${orderLabel})`,
    `The work on ${input.quoteName} (${orderLabel}) is ready for its final payment. Thank you for your deposit; the balance of ${input.balance} is now due, by ${input.dueDate}.`,
  );
}

/**
 * A requested balance still unpaid (docs/decisions/104): a few days before its due date, and
 * once it is overdue, as an invoice's reminders.
 */
export function balanceReminder(input: BalanceMail & { overdue: boolean }): MailText {
  const orderLabel = orderName(input.orderNumber);
  const paidAlready = ['If you have paid it already, thank you: you can ignore this email.', ''];
  return input.overdue
    ? balanceMail(
        input,
        `Overdue: the balance of ${input.quoteName} (${orderLabel})`,
        `The balance of ${input.balance} for ${input.quoteName} (${orderLabel}) was due on ${input.dueDate} and is not paid yet.`,
        paidAlready,
      )
    : balanceMail(
        input,
        `Reminder: the balance of ${input.quoteName} (${orderLabel}) is due ${input.dueDate}`,
        `A reminder that the balance of ${input.balance} for ${input.quoteName} (${orderLabel}) is due on ${input.dueDate}.`,
        paidAlready,
      );
}

/** What account credit paid of a charge to the card on file, as a receipt's sentence ('' for none). */
function paidWithCredit(amountCents: number, creditCents: number, currency: string): string {
  const money = (cents: number) => withCurrency(cents, currency);
  if (creditCents <= 0) return '';
  return creditCents >= amountCents
    ? ' Your account credit paid all of it.'
    : ` Your account credit paid ${money(creditCents)} and your card ${money(amountCents - creditCents)}.`;
}

/** The receipt of a subscription period charged to the saved card. */
export function renewalReceipt(input: {
  companyName: string;
  documentName: string;
  orderNumber: number;
  firstName: string;
  serviceTitle: string;
  packageTitle: string;
  interval: string;
  currency: string;
  amountCents: number;
  /** What account credit paid of it (docs/decisions/107); the card paid the rest. */
  creditCents?: number;
  /** The period's first day, as mails write dates. */
  periodFrom: string;
  /** The project's page, the button of the HTML part. */
  projectUrl: string;
}): MailText {
  const orderLabel = orderName(input.orderNumber);
  const paidWith = paidWithCredit(input.amountCents, input.creditCents ?? 0, input.currency);
  return {
    action: { label: 'Open your project', url: input.projectUrl },
    reason: `You received this email because you subscribe to ${input.serviceTitle} from ${input.companyName}.`,
    subject: `Receipt: ${input.serviceTitle} ${input.interval} fee (${orderLabel})`,
    text: `Hi ${input.firstName || 'there'},\n\nWe charged ${withCurrency(input.amountCents, input.currency)} ${gstNotes.inc} for ${orderLabel}, ${input.serviceTitle} (${input.packageTitle}), the period from ${input.periodFrom}.${paidWith} Your ${input.documentName} is attached.\n\n— ${input.companyName}`,
  };
}

/**
 * An upgrade's prorated charge (docs/decisions/100): what was charged for the rest of the
 * period, and what each period costs from the next renewal.
 */
export function planChangeReceipt(input: {
  companyName: string;
  documentName: string;
  orderNumber: number;
  firstName: string;
  serviceTitle: string;
  fromPackage: string;
  toPackage: string;
  currency: string;
  amountCents: number;
  /** What account credit paid of it (docs/decisions/107); the card paid the rest. */
  creditCents?: number;
  /** The next renewal's day, as mails write dates, and what it charges. */
  nextChargeOn: string;
  nextChargeCents: number;
  interval: RecurringInterval;
  projectUrl: string;
}): MailText {
  const orderLabel = orderName(input.orderNumber);
  const every = intervalTerms(input.interval).period;
  return {
    action: { label: 'Open your project', url: input.projectUrl },
    reason: `You received this email because you subscribe to ${input.serviceTitle} from ${input.companyName}.`,
    subject: `Receipt: ${input.serviceTitle} changed to ${input.toPackage} (${orderLabel})`,
    text: paragraphs([
      `Hi ${input.firstName || 'there'},`,
      '',
      `Your plan for ${orderLabel}, ${input.serviceTitle}, changed from ${input.fromPackage} to ${input.toPackage} today. We charged ${withCurrency(input.amountCents, input.currency)} ${gstNotes.inc} for the rest of the current period.${paidWithCredit(input.amountCents, input.creditCents ?? 0, input.currency)} Your ${input.documentName} is attached.`,
      '',
      `From ${input.nextChargeOn}, the plan is ${withCurrency(input.nextChargeCents, input.currency)} ${gstNotes.inc} every ${every}.`,
      '',
      `— ${input.companyName}`,
    ]),
  };
}

/** A renewal the card declined: when it is tried again, or that the subscription is past due. */
export function renewalDeclined(input: {
  companyName: string;
  publicUrl: string;
  /** The signed page to give a new card, no sign-in (docs/decisions/105). */
  cardUrl: string;
  orderNumber: number;
  projectId: string;
  firstName: string;
  serviceTitle: string;
  packageTitle: string;
  currency: string;
  amountCents: number;
  reason: string;
  failures: number;
  /** Null once past due: no more tries. */
  retryOn: string | null;
}): MailText {
  const orderLabel = orderName(input.orderNumber);
  return {
    action: { label: 'Update your card', url: input.cardUrl },
    reason: `You received this email because you subscribe to ${input.serviceTitle} from ${input.companyName}.`,
    subject:
      input.retryOn === null
        ? `Action needed: your ${input.serviceTitle} subscription is past due (${orderLabel})`
        : `We could not charge your card for ${input.serviceTitle} (${orderLabel})`,
    text: [
      `Hi ${input.firstName || 'there'},`,
      '',
      `We could not charge ${withCurrency(input.amountCents, input.currency)} for ${orderLabel}, ${input.serviceTitle} (${input.packageTitle}): ${input.reason}`,
      input.retryOn === null
        ? `After ${input.failures} attempts your subscription is now past due. Give us a new card and we will charge it straight away.`
        : `We will try again on ${input.retryOn}. Or give us a new card now and we will charge it straight away.`,
      '',
      `Update your card (no sign-in needed; the link works for a week):\n${input.cardUrl}`,
      '',
      `Your order: ${input.publicUrl}/dashboard/projects/${input.projectId}`,
      '',
      `— ${input.companyName}`,
    ].join('\n'),
  };
}

/** A refund that went through, with its adjustment note attached. */
export function refundProcessed(input: {
  companyName: string;
  publicUrl: string;
  firstName: string;
  /** The order it was part of, if any. */
  project: { id: string; orderNumber: number; serviceTitle: string } | null;
  currency: string;
  amountCents: number;
  gstCents: number;
  reason: RefundReason;
  note: string;
  refundedOn: string;
  /** Given as account credit (docs/decisions/107), with the balance it makes; absent: to the card. */
  credit?: { balanceCents: number };
  noteNumber: string;
  invoiceNumber: string;
  invoicedOn: string;
}): MailText {
  const money = (cents: number) => withCurrency(cents, input.currency);
  const { project } = input;
  const order = project
    ? `${orderName(project.orderNumber)}, ${project.serviceTitle}`
    : 'your payment';
  return {
    ...(project
      ? {
          action: {
            label: 'See your billing',
            url: `${input.publicUrl}/dashboard/projects/${project.id}`,
          },
        }
      : {}),
    reason: BUYER(input.companyName),
    subject: `Refund of ${formatMoney(input.amountCents, input.currency)} processed${project ? ` (${orderName(project.orderNumber)})` : ''}`,
    text: paragraphs([
      `Hi ${input.firstName || 'there'},`,
      '',
      input.credit
        ? `We refunded ${money(input.amountCents)} inc. GST (GST ${money(input.gstCents)}) of ${order} on ${input.refundedOn}, as account credit. Your account credit is now ${money(input.credit.balanceCents)}; it is used first on your next renewal.`
        : `We refunded ${money(input.amountCents)} inc. GST (GST ${money(input.gstCents)}) of ${order} on ${input.refundedOn}, to the card you paid with. Banks usually show it within 5 to 10 business days.`,
      `Reason: ${refundReasonLabels[input.reason]}${input.note ? ` (${input.note})` : ''}.`,
      '',
      `Your adjustment note ${input.noteNumber} is attached. It adjusts invoice ${input.invoiceNumber} of ${input.invoicedOn}.`,
      project ? `Your billing: ${input.publicUrl}/dashboard/projects/${project.id}` : '',
      '',
      `— ${input.companyName}`,
    ]),
  };
}
