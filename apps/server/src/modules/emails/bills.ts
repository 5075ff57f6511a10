import { formatMoney, gstNotes } from '@noise/shared/pricing';
import type { EmailMessage as MailText } from '../../lib/email-html.ts';

/**
 * What a staff invoice's emails say (docs/product.md#invoices): the invoice with its pay link,
 * the reminders before and after its due date, and the receipt of its payment. The HTML part
 * is this text in the shop's layout, with the action as its button.
 */

const BILLED = (companyName: string) =>
  `You received this email because ${companyName} sent you an invoice.`;

function paragraphs(lines: string[]): string {
  return lines.filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n');
}

const withCurrency = (cents: number, currency: string) =>
  `${formatMoney(cents, currency)} ${currency.toUpperCase()}`;

export interface BillMailFacts {
  companyName: string;
  firstName: string;
  /** 'B-0007' */
  number: string;
  currency: string;
  /** Still to pay, GST included. */
  dueCents: number;
  /** '05 Mar, 2026' */
  dueDate: string;
  link: string;
  note?: string;
  /** The shop's account for a transfer, when set. */
  bank: { accountName: string; bsb: string; accountNumber: string } | null;
  /** What the client's account credit paid of it when it was sent (docs/decisions/107). */
  creditCents?: number;
}

function bankLines(facts: BillMailFacts): string[] {
  if (!facts.bank) return [];
  return [
    '',
    'To pay by bank transfer instead:',
    `Account name: ${facts.bank.accountName}`,
    `BSB: ${facts.bank.bsb}`,
    `Account number: ${facts.bank.accountNumber}`,
    `Reference: ${facts.number}`,
  ];
}

/** 'Send invoice': the invoice, its total and due date, and the link to pay it. */
export function billSent(facts: BillMailFacts): MailText {
  return {
    action: { label: 'View and pay', url: facts.link },
    reason: BILLED(facts.companyName),
    subject: `Invoice ${facts.number} from ${facts.companyName}`,
    text: paragraphs([
      `Hi ${facts.firstName || 'there'},`,
      '',
      facts.creditCents
        ? `Here is invoice ${facts.number}. Your account credit paid ${withCurrency(facts.creditCents, facts.currency)} of it; ${withCurrency(facts.dueCents, facts.currency)} ${gstNotes.inc} is left to pay, due ${facts.dueDate}.`
        : `Here is invoice ${facts.number} for ${withCurrency(facts.dueCents, facts.currency)} ${gstNotes.inc}, due ${facts.dueDate}.`,
      ...(facts.note ? ['', facts.note] : []),
      '',
      `View it and pay by card here:\n${facts.link}`,
      ...bankLines(facts),
      '',
      `— ${facts.companyName}`,
    ]),
  };
}

/** Before the due date, and after it while unpaid. */
export function billReminder(facts: BillMailFacts & { overdue: boolean }): MailText {
  return {
    action: { label: 'View and pay', url: facts.link },
    reason: BILLED(facts.companyName),
    subject: facts.overdue
      ? `Overdue: invoice ${facts.number} from ${facts.companyName}`
      : `Reminder: invoice ${facts.number} is due ${facts.dueDate}`,
    text: paragraphs([
      `Hi ${facts.firstName || 'there'},`,
      '',
      facts.overdue
        ? `Invoice ${facts.number} for ${withCurrency(facts.dueCents, facts.currency)} ${gstNotes.inc} was due ${facts.dueDate} and is not paid yet. If you have paid it meanwhile, thank you, and please ignore this email.`
        : `A reminder that invoice ${facts.number} for ${withCurrency(facts.dueCents, facts.currency)} ${gstNotes.inc} is due ${facts.dueDate}.`,
      '',
      `View it and pay by card here:\n${facts.link}`,
      ...bankLines(facts),
      '',
      `— ${facts.companyName}`,
    ]),
  };
}

/** The receipt of a bill's payment, by card or as staff recorded it; the tax invoice attached. */
export function billReceipt(input: {
  companyName: string;
  firstName: string;
  number: string;
  documentName: string;
  currency: string;
  amountCents: number;
  gstCents: number;
  /** 'by card', 'by bank transfer' */
  how: string;
  link: string;
  /** What is still to pay after this payment (account credit may pay part, decision 107). */
  leftCents?: number;
}): MailText {
  const money = (cents: number) => withCurrency(cents, input.currency);
  const left = input.leftCents ?? 0;
  return {
    action: { label: 'View the invoice', url: input.link },
    reason: BILLED(input.companyName),
    subject: `Payment received: invoice ${input.number}`,
    text: paragraphs([
      `Hi ${input.firstName || 'there'},`,
      '',
      `Thank you: we received ${money(input.amountCents)} ${gstNotes.inc} (GST ${money(input.gstCents)}) ${input.how} for invoice ${input.number}, ${left > 0 ? `which leaves ${money(left)} to pay` : 'which is now paid'}. Your ${input.documentName} is attached.`,
      '',
      `— ${input.companyName}`,
    ]),
  };
}
