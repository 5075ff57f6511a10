import { formatMoney } from '@noise/shared/pricing';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  billMoney,
  billNumberOf,
  billPaid,
  billPaymentMethods,
  billRequest,
  billStatus,
  type Bill,
  type BillPaymentMethod,
  type BillSummary,
} from '@noise/shared/bills';
import type { BillingInvoice } from '@noise/shared/billing';
import { bankDetailsOf } from '@noise/shared/business-details';
import { localDate } from '@noise/shared/dates';
import { displayNameOf } from '@noise/shared/display-name';
import { formatDay } from '@noise/shared/format-day';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { billSent } from '../emails/bills.ts';
import { adjustmentNoteNumberOf, invoiceNumberOf } from '../invoices/load-invoice.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { emitCustomerCreated } from '../webhooks/customer-events.ts';
import { emitWebhookEvent } from '../webhooks/deliver-webhook.ts';
import type { BillPaymentWithRefunds, BillWithCustomer } from './repository.ts';
import type { CompletionDeps } from '../payments/complete-order.ts';
import { applyCreditToBill } from './apply-credit.ts';

/** What the bills' functions need: the repositories, the live config and the clock. */
export interface BillDeps {
  repos: Repositories;
  config: Config;
  now: () => Date;
}

type BillInput = z.output<typeof billRequest>;

/** The staff list reads this many, newest first. */
export const BILLS_LIST_MAX = 500;

/** The business's day now (YYYY-MM-DD): due dates and Overdue are days there. */
export const todayOf = (deps: Pick<BillDeps, 'config' | 'now'>) =>
  localDate(deps.now(), deps.config.businessTimeZone);

// ---------------------------------------------------------------------------------------------
// The pay link: signed with TOKEN_SECRET, so only the mailed link opens a bill's pay page.
// ---------------------------------------------------------------------------------------------

function payToken(secret: string, billId: string): string {
  return createHmac('sha256', secret).update(`bill-pay\n${billId}`).digest('base64url');
}

export function payUrlOf(config: Pick<Config, 'publicUrl' | 'tokenSecret'>, billId: string) {
  return `${config.publicUrl}/pay/invoice/${billId}?t=${payToken(config.tokenSecret, billId)}`;
}

/** Whether `token` is the one this server signed for the bill. */
export function isPayToken(secret: string, billId: string, token: string): boolean {
  const expected = Buffer.from(payToken(secret, billId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ---------------------------------------------------------------------------------------------
// Figures and answers: every amount from the lines and the payment records.
// ---------------------------------------------------------------------------------------------

/** A bill's figures and state from its lines and its payments. */
export function billFigures(
  row: BillWithCustomer['bill'],
  payments: readonly BillPaymentWithRefunds[],
  today: string,
) {
  const money = billMoney(row.lines);
  const paidCents = billPaid(payments);
  return {
    money,
    paidCents,
    dueCents: Math.max(money.totalCents - paidCents, 0),
    status: billStatus(row, money.totalCents, paidCents, today),
  };
}

const methodOf = (provider: string): BillPaymentMethod =>
  (billPaymentMethods as readonly string[]).includes(provider)
    ? (provider as BillPaymentMethod)
    : 'card';

function customerOf(customer: BillWithCustomer['customer']) {
  return {
    _id: customer.id,
    name: displayNameOf(customer) || customer.email,
    email: customer.email,
    companyName: customer.companyName,
  };
}

export function toBillDto(
  config: Pick<Config, 'publicUrl' | 'tokenSecret'>,
  { bill, customer }: BillWithCustomer,
  payments: readonly BillPaymentWithRefunds[],
  today: string,
): Bill {
  const figures = billFigures(bill, payments, today);
  return {
    _id: bill.id,
    number: billNumberOf(bill.number),
    status: figures.status,
    customer: customerOf(customer),
    lines: bill.lines.map((line, i) => ({ ...line, ...figures.money.lines[i]! })),
    note: bill.note,
    dueDate: bill.dueDate,
    currency: bill.currency,
    subtotalCents: figures.money.subtotalCents,
    gstFreeCents: figures.money.gstFreeCents,
    gstCents: figures.money.gstCents,
    totalCents: figures.money.totalCents,
    paidCents: figures.paidCents,
    dueCents: figures.dueCents,
    sentAt: bill.sentAt?.toISOString() ?? null,
    voidedAt: bill.voidedAt?.toISOString() ?? null,
    createdAt: bill.createdAt.toISOString(),
    payments: payments
      .filter((p) => p.status === 'succeeded')
      .map((p) => {
        const reversal = p.refunds.find((r) => r.status === 'succeeded');
        return {
          _id: p.id,
          method: methodOf(p.provider),
          amountCents: p.amountCents,
          reference: p.reference,
          receivedAt: (p.receivedAt ?? p.createdAt).toISOString(),
          invoiceNumber: invoiceNumberOf(p),
          invoiceUrl: `/api/payments/${p.id}/invoice`,
          reversal: reversal
            ? {
                noteNumber: adjustmentNoteNumberOf(reversal),
                url: `/api/refunds/${reversal.id}/adjustment-note`,
                createdAt: reversal.createdAt.toISOString(),
              }
            : null,
        };
      }),
    payUrl:
      bill.sentAt && !bill.voidedAt && figures.status !== 'paid' ? payUrlOf(config, bill.id) : null,
  };
}

export async function getBill(deps: BillDeps, id: string): Promise<Bill> {
  const row = await deps.repos.bills.find(id);
  if (!row) throw notFound('Invoice not found');
  const payments = await deps.repos.bills.paymentsOf([id]);
  return toBillDto(deps.config, row, payments, todayOf(deps));
}

export async function listBills(deps: BillDeps): Promise<{ bills: BillSummary[] }> {
  const rows = await deps.repos.bills.list(BILLS_LIST_MAX);
  const payments = await deps.repos.bills.paymentsOf(rows.map((r) => r.bill.id));
  const today = todayOf(deps);
  return {
    bills: rows.map((row) => {
      const dto = toBillDto(
        deps.config,
        row,
        payments.filter((p) => p.billId === row.bill.id),
        today,
      );
      return {
        _id: dto._id,
        number: dto.number,
        status: dto.status,
        customer: dto.customer,
        dueDate: dto.dueDate,
        currency: dto.currency,
        totalCents: dto.totalCents,
        dueCents: dto.dueCents,
        sentAt: dto.sentAt,
        createdAt: dto.createdAt,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// New invoice, its edits while a draft, sending and voiding
// ---------------------------------------------------------------------------------------------

const NO_CUSTOMER = 'Choose a customer, or type the email address the invoice goes to';
const STAFF_EMAIL = 'That address belongs to a staff account: invoices go to customers';
const PAST_DUE = 'The due date cannot be in the past';

/**
 * Whom a bill is for: the customer chosen, or the account of the email typed; an email without
 * one gets a customer account without a password, as a guest checkout makes
 * (docs/decisions/013), so the bill, its payments and its documents have an owner who can later
 * sign in with that address and find them on their Billing page.
 */
async function customerFor(deps: BillDeps, input: BillInput): Promise<string> {
  if (input.customerId) {
    const customer = await deps.repos.customers.findClient(input.customerId);
    if (!customer) throw badRequest(NO_CUSTOMER, [{ path: 'customerId', message: NO_CUSTOMER }]);
    return customer.id;
  }
  if (!input.email) throw badRequest(NO_CUSTOMER, [{ path: 'email', message: NO_CUSTOMER }]);
  const users = deps.repos.users;
  const existing = await users.findByEmail(input.email);
  if (existing) {
    if (existing.role !== 'client') {
      throw badRequest(STAFF_EMAIL, [{ path: 'email', message: STAFF_EMAIL }]);
    }
    return existing.id;
  }
  const made = await users.insertIfEmailFree(
    { email: input.email, role: 'client', passwordHash: null, firstName: '', lastName: '' },
    (tx, user) => emitCustomerCreated(tx, user, 'invoice'),
  );
  return made?.id ?? (await users.findByEmail(input.email))!.id;
}

/** The checks the request's schema cannot make: the due date against the business's today. */
function checkDueDate(deps: BillDeps, dueDate: string) {
  if (dueDate < todayOf(deps)) {
    throw badRequest(PAST_DUE, [{ path: 'dueDate', message: PAST_DUE }]);
  }
}

async function audit(
  deps: BillDeps,
  actor: AuthUser,
  billId: string,
  entry: {
    action: string;
    summary: string;
    subjectUserId?: string;
    data?: Record<string, unknown>;
  },
) {
  await deps.repos.audit.record({
    actorId: actor.id,
    ip: actor.ip,
    apiKey: actor.apiKey,
    actorName: await deps.repos.users.actorName(actor.id),
    entityType: 'bill',
    entityId: billId,
    ...entry,
  });
}

export async function createBill(deps: BillDeps, actor: AuthUser, input: BillInput) {
  checkDueDate(deps, input.dueDate);
  const customerId = await customerFor(deps, input);
  const row = await deps.repos.bills.insert({
    customerId,
    lines: input.lines,
    note: input.note,
    dueDate: input.dueDate,
    currency: deps.config.payments.currency,
    createdById: actor.id,
    createdByName: await deps.repos.users.actorName(actor.id),
  });
  const number = billNumberOf(row.number);
  await audit(deps, actor, row.id, {
    action: 'bill.created',
    summary: `Made invoice ${number}`,
    subjectUserId: customerId,
  });
  return getBill(deps, row.id);
}

export async function updateBill(deps: BillDeps, actor: AuthUser, id: string, input: BillInput) {
  const current = await deps.repos.bills.find(id);
  if (!current) throw notFound('Invoice not found');
  if (current.bill.sentAt || current.bill.voidedAt) {
    throw conflict('Only a draft invoice can be changed: this one was sent or voided.');
  }
  checkDueDate(deps, input.dueDate);
  const customerId = await customerFor(deps, input);
  const row = await deps.repos.bills.updateDraft(id, {
    customerId,
    lines: input.lines,
    dueDate: input.dueDate,
    note: input.note,
  });
  if (!row) throw conflict('Only a draft invoice can be changed: this one was sent or voided.');
  await audit(deps, actor, id, {
    action: 'bill.updated',
    summary: `Changed invoice ${billNumberOf(row.number)}`,
    subjectUserId: customerId,
  });
  return getBill(deps, id);
}

/** The facts a bill's mails give: the figures as the pay page shows them. */
export function billMailFacts(
  deps: Pick<BillDeps, 'config'>,
  { bill, customer }: BillWithCustomer,
  dueCents: number,
) {
  return {
    companyName: deps.config.companyName,
    firstName: customer.firstName,
    number: billNumberOf(bill.number),
    currency: bill.currency,
    dueCents,
    dueDate: formatDay(`${bill.dueDate}T12:00:00Z`, 'UTC'),
    link: payUrlOf(deps.config, bill.id),
    note: bill.note,
    bank: bankDetailsOf(deps.config.business),
  };
}

/**
 * 'Send invoice' (and 'Send again'): the mail with the pay link, queued in the transaction that
 * marks the bill sent. A paid or void bill is not sent; a due date passed while it was a draft
 * must be moved first.
 */
export async function sendBill(
  deps: BillDeps & { completion: Pick<CompletionDeps, 'companyName' | 'publicUrl' | 'abn'> },
  actor: AuthUser,
  id: string,
) {
  const current = await deps.repos.bills.find(id);
  if (!current) throw notFound('Invoice not found');
  const payments = await deps.repos.bills.paymentsOf([id]);
  const figures = billFigures(current.bill, payments, todayOf(deps));
  if (figures.status === 'void') throw conflict('This invoice is void: it cannot be sent.');
  if (figures.status === 'paid') throw conflict('This invoice is paid: there is nothing to send.');
  if (!current.bill.sentAt && current.bill.dueDate < todayOf(deps)) {
    throw badRequest('The due date has passed: change it before sending', [
      { path: 'dueDate', message: PAST_DUE },
    ]);
  }
  const now = deps.now();
  const creditCents = await deps.repos.transaction(async (r) => {
    const row = await r.bills.markSent(id, now);
    if (!row) throw conflict('This invoice is void: it cannot be sent.');
    // The company's account credit pays first (decision 107); the mail asks for the rest, and a
    // bill the credit paid whole gets its receipt instead.
    const credit = await applyCreditToBill(r, deps.completion, current, figures, payments.length);
    const dueCents = figures.dueCents - credit;
    if (dueCents > 0) {
      await enqueueEmail(r.jobs, {
        to: current.customer.email,
        ...billSent({
          ...billMailFacts(deps, current, dueCents),
          creditCents: credit,
        }),
      });
    }
    await emitWebhookEvent(r, 'invoice.sent', billEventData(deps, current, figures));
    return credit;
  });
  await audit(deps, actor, id, {
    action: 'bill.sent',
    summary:
      `Sent invoice ${billNumberOf(current.bill.number)} to ${current.customer.email}` +
      (creditCents > 0
        ? `; ${formatMoney(creditCents, current.bill.currency)} paid from account credit`
        : ''),
    subjectUserId: current.customer.id,
  });
  return getBill(deps, id);
}

/** What the invoice.* webhooks carry. */
export function billEventData(
  deps: Pick<BillDeps, 'config'>,
  { bill, customer }: BillWithCustomer,
  figures: { money: { totalCents: number }; paidCents: number; dueCents: number },
) {
  return {
    invoiceId: bill.id,
    number: billNumberOf(bill.number),
    customerId: customer.id,
    email: customer.email,
    currency: bill.currency,
    totalCents: figures.money.totalCents,
    paidCents: figures.paidCents,
    dueCents: figures.dueCents,
    dueDate: bill.dueDate,
  };
}

/** 'Void': an unpaid bill is cancelled; its pay link stops working. Paid ones are refunded instead. */
export async function voidBill(deps: BillDeps, actor: AuthUser, id: string) {
  const done = await deps.repos.transaction(async (r) => {
    const locked = await r.bills.lock(id);
    if (!locked) throw notFound('Invoice not found');
    if (locked.voidedAt) throw conflict('This invoice is already void.');
    const paid = billPaid(await r.bills.paymentsOf([id]));
    if (paid > 0) {
      throw conflict(
        'Money was received for this invoice: reverse or refund its payment before voiding it.',
      );
    }
    const live = await r.payments.findLiveBillAttempt(id);
    if (live && live.state !== 'failed') {
      throw conflict('A card payment of this invoice is under way: try again in a few minutes.');
    }
    return r.bills.markVoided(id, actor.id, deps.now());
  });
  await audit(deps, actor, id, {
    action: 'bill.voided',
    summary: `Voided invoice ${billNumberOf(done!.number)}`,
    subjectUserId: done!.customerId,
  });
  return getBill(deps, id);
}

/** A bill as the customer's Billing page lists it: its state, figures and pay link. */
export function billingInvoiceOf(
  deps: Pick<BillDeps, 'config' | 'now'>,
  row: BillWithCustomer,
  payments: readonly BillPaymentWithRefunds[],
): BillingInvoice {
  const { bill } = row;
  const figures = billFigures(bill, payments, todayOf(deps));
  const payable = figures.status === 'sent' || figures.status === 'overdue';
  return {
    _id: bill.id,
    number: billNumberOf(bill.number),
    status: figures.status,
    dueDate: bill.dueDate,
    totalCents: figures.money.totalCents,
    dueCents: figures.dueCents,
    currency: bill.currency,
    payHref: payable ? payUrlOf(deps.config, bill.id).slice(deps.config.publicUrl.length) : null,
  };
}
