import type { Config } from '../../config.ts';
import { formatMoney, toCents } from '@noise/shared/pricing';
import { depositTermsOf, endOfValidDay, type quoteRequest } from '@noise/shared/quote';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { QuoteRepository, QuoteWithRelations } from './repository.ts';

export interface QuoteDeps {
  repos: Repositories;
  /** The business's time zone: a 'Valid until' day ends at its midnight. */
  config: Pick<Config, 'businessTimeZone'>;
  quotes: QuoteRepository;
  users: UserRepository;
  audit: AuditRepository;
}

export interface Recipient {
  customerId: string | null;
  recipientEmail: string;
}

type QuoteInput = z.output<typeof quoteRequest>;

export const PAID = 'This quote has been paid, so it can no longer be changed or removed.';
const DEPOSIT_PAID =
  'The deposit of this quote has been paid, so it can no longer be changed or removed.';

export const ACCEPTED =
  'This proposal has been accepted and signed, so it can no longer be changed or removed. Make a new proposal for different work.';

/**
 * Refuses to change a quote once it became a project (paid, or its deposit paid), or once its
 * customer signed it: what they signed stays what they pay for (docs/decisions/077-proposals.md).
 */
function refuseIfPaid(current: QuoteWithRelations) {
  if (current.quote.paidAt || (current.projectId && !current.quote.depositPaidAt)) {
    throw conflict(PAID);
  }
  if (current.quote.depositPaidAt) throw conflict(DEPOSIT_PAID);
  if (current.quote.acceptedAt) throw conflict(ACCEPTED);
}

const PAST_DATE = 'Valid until must be today or later';

/** The form's 'Valid until' (a day) as the moment it ends; refused when already past. */
export function validUntilOf(date: string | null, timeZone: string, now = new Date()): Date | null {
  if (date === null) return null;
  const end = endOfValidDay(date, timeZone);
  if (end.getTime() <= now.getTime()) {
    throw badRequest(PAST_DATE, [{ path: 'validUntil', message: PAST_DATE }]);
  }
  return end;
}

/** What the customer reads and signs: a change to any of it makes a new version. */
const SIGNED_FIELDS = [
  'name',
  'summary',
  'deliverables',
  'extras',
  'deliveryDays',
  'valueCents',
  'depositPercent',
  'depositCents',
  'terms',
] as const;
const NO_CUSTOMER = 'That customer no longer exists: choose another or type an email address';

/**
 * Who a quote is for: the customer chosen (and their address), or the address typed. An address
 * that is a customer's own is that customer, so the list shows their name and their bell rings.
 */
export async function resolveRecipient(
  deps: Pick<QuoteDeps, 'repos' | 'users'>,
  input: Recipient,
): Promise<Recipient> {
  if (input.customerId) {
    const customer = await deps.repos.customers.findClient(input.customerId);
    if (!customer) throw badRequest(NO_CUSTOMER, [{ path: 'customerId', message: NO_CUSTOMER }]);
    return { customerId: customer.id, recipientEmail: customer.email.toLowerCase() };
  }
  if (!input.recipientEmail) return { customerId: null, recipientEmail: '' };
  const account = await deps.users.findByEmail(input.recipientEmail);
  return {
    customerId: account?.role === 'client' ? account.id : null,
    recipientEmail: input.recipientEmail,
  };
}

async function nameOf(deps: Pick<QuoteDeps, 'users'>, actor: AuthUser) {
  return deps.users.actorName(actor.id);
}

export async function findQuote(deps: Pick<QuoteDeps, 'quotes'>, id: string) {
  const row = await deps.quotes.find(id);
  if (!row) throw notFound('Quote not found');
  return row;
}

const NO_QUESTION = 'That question no longer exists: make the quote from the Quotes list';

/**
 * A new quote; with `questionId` (a general question turned into a proposal), the question then
 * links to it (docs/product.md#ask-us-anything).
 */
export async function createQuote(
  deps: QuoteDeps,
  actor: AuthUser,
  input: QuoteInput & { questionId?: string | null },
) {
  const { value, customerId, recipientEmail, deposit, validUntil, questionId, ...rest } = input;
  const question = questionId ? await deps.repos.questions.find(questionId) : null;
  if (questionId && !question) {
    throw badRequest(NO_QUESTION, [{ path: 'questionId', message: NO_QUESTION }]);
  }
  const recipient = await resolveRecipient(deps, { customerId, recipientEmail });
  const quote = await deps.quotes.insert({
    ...rest,
    validUntil: validUntilOf(validUntil, deps.config.businessTimeZone),
    ...depositTermsOf(deposit),
    ...recipient,
    valueCents: toCents(value),
    createdById: actor.id,
    createdByName: await nameOf(deps, actor),
  });
  if (question) await deps.repos.questions.update(question.id, { quoteId: quote.id });
  await recordQuote(deps, actor, quote.id, {
    action: 'quote.created',
    summary: `Created quote "${quote.name}" for ${formatMoney(quote.valueCents)}${question ? ` from the question "${question.subject}"` : ''}`,
  });
  return findQuote(deps, quote.id);
}

/** An audit entry about a quote, by the staff member who did it. */
export async function recordQuote(
  deps: QuoteDeps,
  actor: AuthUser,
  quoteId: string,
  entry: { action: string; summary: string; data?: Record<string, unknown> },
) {
  await deps.audit.record({
    actorId: actor.id,
    ip: actor.ip,
    apiKey: actor.apiKey,
    actorName: await nameOf(deps, actor),
    entityType: 'quote',
    entityId: quoteId,
    ...entry,
  });
}

const QUOTE_FIELDS = {
  name: 'name',
  summary: 'summary',
  internalNotes: 'internal notes',
  deliverables: 'deliverables',
  extras: 'extras',
} as const;

/** Whom a quote is for, as the log names them. */
const recipientText = (r: Recipient) => r.recipientEmail || 'no one yet';

export async function updateQuote(deps: QuoteDeps, actor: AuthUser, id: string, input: QuoteInput) {
  const current = await findQuote(deps, id);
  refuseIfPaid(current);
  const { value, customerId, recipientEmail, deposit, validUntil, ...rest } = input;
  const recipient = await resolveRecipient(deps, { customerId, recipientEmail });
  const valueCents = toCents(value);
  // 'Sent' means sent to the one the quote is for: addressed to someone else, it is unsent.
  const readdressed =
    recipient.customerId !== current.quote.customerId ||
    recipient.recipientEmail !== current.quote.recipientEmail;
  const signed = { ...rest, ...depositTermsOf(deposit), valueCents };
  // A new version of what the customer reads: an acceptance of the old one is refused, and a
  // declined proposal is open again (docs/decisions/077-proposals.md).
  const changed = SIGNED_FIELDS.some((key) => signed[key] !== current.quote[key]);
  const sameDay =
    validUntil !== null &&
    current.quote.validUntil?.toISOString() ===
      endOfValidDay(validUntil, deps.config.businessTimeZone).toISOString();
  await deps.quotes.update(current.quote.id, {
    ...signed,
    ...recipient,
    validUntil: sameDay
      ? current.quote.validUntil
      : validUntilOf(validUntil, deps.config.businessTimeZone),
    ...(readdressed ? { sentAt: null } : {}),
    ...(changed ? { version: current.quote.version + 1, declinedAt: null, declineReason: '' } : {}),
  });
  if (valueCents !== current.quote.valueCents) {
    await recordQuote(deps, actor, current.quote.id, {
      action: 'quote.price_changed',
      summary: `Quote price changed from ${formatMoney(current.quote.valueCents)} to ${formatMoney(valueCents)}`,
      data: { from: current.quote.valueCents, to: valueCents },
    });
  }
  if (readdressed) {
    await recordQuote(deps, actor, current.quote.id, {
      action: 'quote.updated',
      summary: `Quote "${rest.name}" is now for ${recipientText(recipient)}`,
      data: { from: recipientText(current.quote), to: recipientText(recipient) },
    });
  }
  const edited = Object.entries(QUOTE_FIELDS)
    .filter(
      ([key]) =>
        rest[key as keyof typeof QUOTE_FIELDS] !== current.quote[key as keyof typeof QUOTE_FIELDS],
    )
    .map(([, label]) => label);
  if (edited.length > 0) {
    await recordQuote(deps, actor, current.quote.id, {
      action: 'quote.updated',
      summary: `Quote "${rest.name}": changed its ${edited.join(', ')}`,
      ...(edited.includes('name') ? { data: { from: current.quote.name, to: rest.name } } : {}),
    });
  }
  return findQuote(deps, current.quote.id);
}

export async function deleteQuote(deps: QuoteDeps, actor: AuthUser, id: string) {
  const current = await findQuote(deps, id);
  refuseIfPaid(current);
  await deps.quotes.delete(current.quote.id);
  await recordQuote(deps, actor, current.quote.id, {
    action: 'quote.deleted',
    summary: `Deleted quote "${current.quote.name}" (${formatMoney(current.quote.valueCents)})`,
  });
}
