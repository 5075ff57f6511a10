import { createHash } from 'node:crypto';
import { formatMoneyGst } from '@noise/shared/pricing';
import {
  isExpired,
  quoteParts,
  type acceptProposalRequest,
  type ProposalSnapshot,
  type recordAcceptanceRequest,
} from '@noise/shared/quote';
import { isStaffRole } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { findQuote, recordQuote, validUntilOf, type QuoteDeps } from './manage-quote.ts';
import type { QuoteWithRelations } from './repository.ts';
import { renderProposalPdf, signedProposalFilename } from './render-proposal.ts';

export const SIGN_IN = 'This proposal is for a customer account: sign in to see it.';
export const OTHER_CUSTOMER = 'This proposal is for another customer.';
const ALREADY_PAID = 'This proposal has already been paid.';
const ALREADY_ACCEPTED = 'This proposal has already been accepted and signed.';
const DECLINED = 'This proposal was declined. Ask us for a new one if you changed your mind.';
const EXPIRED = 'This proposal has expired, so it can no longer be accepted. Ask us to extend it.';
const CHANGED =
  'This proposal was changed since you opened it. Read the new version, then accept it.';
const STAFF_CHANGED =
  'This proposal was changed since you opened it: reload it and record the acceptance of the version the customer accepted.';

export const STAFF_CANNOT_ANSWER =
  "Only the customer can accept or decline their proposal. If they accepted it on paper, use 'Record acceptance' on the quote's page in the dashboard.";

/**
 * Who may read a proposal (docs/product.md#proposal-page): one for a customer's account is their
 * company's (and staff's); one for an email alone is whoever holds its unguessable link, as a
 * guest order's page is. Answering it is the customer's alone: findAnswerable also refuses staff.
 */
export function checkProposalAccess(row: QuoteWithRelations, caller: AuthUser | null) {
  const customer = row.customer;
  if (!row.quote.customerId || !customer) return;
  if (!caller) throw unauthorized(SIGN_IN);
  if (isStaffRole(caller.role) || caller.id === customer.id) return;
  if (caller.companyId && caller.companyId === row.customerCompanyId) return;
  throw forbidden(OTHER_CUSTOMER);
}

/** The proposal a caller may answer, or the reason they may not. */
async function findAnswerable(
  repos: Pick<Repositories, 'quotes'>,
  id: string,
  caller: AuthUser | null,
) {
  const row = await repos.quotes.find(id);
  if (!row) throw notFound('Quote not found');
  checkProposalAccess(row, caller);
  // A signature reads as the customer's, so staff (who may read every proposal) never give one,
  // whatever the proposal is for; an acceptance given on paper is recorded as staff's own act.
  if (caller && isStaffRole(caller.role)) throw forbidden(STAFF_CANNOT_ANSWER);
  refuseIfClosed(row, CUSTOMER_CLOSED);
  return row;
}

/** Why a proposal can no longer be accepted, said to its customer or to staff. */
const CUSTOMER_CLOSED = {
  paid: ALREADY_PAID,
  accepted: ALREADY_ACCEPTED,
  declined: DECLINED,
  expired: EXPIRED,
};
const STAFF_CLOSED = {
  paid: ALREADY_PAID,
  accepted: ALREADY_ACCEPTED,
  declined:
    'This proposal was declined: change it and save to make a new version, then record its acceptance.',
  expired: "This proposal has expired: give it a new 'Valid until' first.",
};

function refuseIfClosed(row: QuoteWithRelations, messages: typeof CUSTOMER_CLOSED) {
  const q = row.quote;
  if (q.paidAt || q.depositPaidAt || row.projectId) throw conflict(messages.paid);
  if (q.acceptedAt) throw conflict(messages.accepted);
  if (q.declinedAt) throw conflict(messages.declined);
  if (isExpired(q.validUntil)) throw conflict(messages.expired);
}

/** What the customer read: the content of the version they sign. */
export function snapshotOf(row: QuoteWithRelations, config: Config): ProposalSnapshot {
  const q = row.quote;
  return {
    name: q.name,
    summary: q.summary,
    deliverables: q.deliverables,
    extras: q.extras,
    deliveryDays: q.deliveryDays,
    valueCents: q.valueCents,
    depositPercent: q.depositPercent,
    depositCents: q.depositCents,
    terms: q.terms,
    version: q.version,
    validUntil: q.validUntil?.toISOString() ?? null,
    preparedFor: row.customer ? displayNameOf(row.customer) || row.customer.email : '',
    preparedBy: q.createdByName,
    issuedAt: q.sentAt?.toISOString() ?? null,
    companyName: config.companyName,
    currency: config.payments.currency,
  };
}

/** SHA-256 of the snapshot with its keys in a fixed order. */
export function hashSnapshot(snapshot: ProposalSnapshot): string {
  const canonical = JSON.stringify(snapshot, Object.keys(snapshot).sort());
  return createHash('sha256').update(canonical).digest('hex');
}

export interface ProposalDeps {
  repos: Repositories;
  config: Config;
  notifier: Notifier;
}

/**
 * 'Accept and sign' (docs/decisions/077-proposals.md): records the typed name, the time, the
 * address and the version signed with its content and hash, in one transaction with the mails
 * that carry the signed PDF to the customer and to the staff who made it. An edited, answered,
 * paid or expired proposal is refused and nothing is written.
 */
export async function acceptProposal(
  deps: ProposalDeps,
  caller: AuthUser | null,
  ip: string,
  id: string,
  input: z.output<typeof acceptProposalRequest>,
) {
  const row = await findAnswerable(deps.repos, id, caller);
  if (row.quote.version !== input.version) throw conflict(CHANGED);
  const snapshot = snapshotOf(row, deps.config);
  const contentHash = hashSnapshot(snapshot);
  const now = new Date();
  const customerEmail = await signerEmail(deps, row, caller);
  const staffEmail = await makerEmail(deps, row);
  const link = `${deps.config.publicUrl}/custom-quote/${row.quote.id}`;
  const accepted = await deps.repos.transaction(async (r) => {
    const marked = await r.quotes.markAccepted(row.quote.id, input.version, now);
    if (!marked) return false;
    await r.quotes.insertSignature({
      quoteId: row.quote.id,
      version: input.version,
      signedName: input.name,
      signedAt: now,
      ip,
      userId: caller?.id ?? null,
      contentHash,
      snapshot,
    });
    const pdf = { signedProposalQuoteId: row.quote.id };
    const company = deps.config.companyName;
    if (customerEmail) {
      await enqueueEmail(r.jobs, {
        to: customerEmail,
        subject: `Signed: ${row.quote.name}`,
        text:
          `Hello ${input.name},\n\nThank you for accepting our proposal "${row.quote.name}". ` +
          `Your signed copy is attached.\n\n${dueText(row, deps.config)}\n` +
          `Pay and follow it here:\n${link}\n\n— ${company}\n`,
        ...pdf,
      });
    }
    if (staffEmail) {
      await enqueueEmail(r.jobs, {
        to: staffEmail,
        subject: `Signed by ${input.name}: ${row.quote.name}`,
        text:
          `${input.name} accepted and signed the proposal "${row.quote.name}" (version ` +
          `${input.version}) from ${ip}. The signed PDF is attached.\n\n` +
          `${deps.config.publicUrl}/wkm-dashboard/custom-quotes/edit/${row.quote.id}\n`,
        ...pdf,
      });
    }
    return true;
  });
  if (!accepted) {
    // Something changed between the read and the write: say what, from the row as it is now.
    await findAnswerable(deps.repos, id, caller);
    throw conflict(CHANGED);
  }
  void deps.notifier.toStaff({
    kind: 'proposal-answered',
    title: `Proposal accepted: ${row.quote.name}`,
    body: `Signed by ${input.name}.`,
    link: `/wkm-dashboard/custom-quotes/edit/${row.quote.id}`,
  });
  return { message: 'Thank you: the proposal is accepted and signed.' };
}

/** 'Decline': the proposal is closed with the reason given, and staff are told. */
export async function declineProposal(
  deps: ProposalDeps,
  caller: AuthUser | null,
  id: string,
  reason: string,
) {
  const row = await findAnswerable(deps.repos, id, caller);
  const declined = await deps.repos.quotes.markDeclined(row.quote.id, reason, new Date());
  if (!declined) {
    await findAnswerable(deps.repos, id, caller);
    throw conflict(ALREADY_ACCEPTED);
  }
  void deps.notifier.toStaff({
    kind: 'proposal-answered',
    title: `Proposal declined: ${row.quote.name}`,
    body: reason ? `Their reason: ${reason}` : 'No reason was given.',
    link: `/wkm-dashboard/custom-quotes/edit/${row.quote.id}`,
  });
  return { message: 'The proposal was declined. Thank you for letting us know.' };
}

/** 'Extend': a new 'Valid until' for a proposal not yet accepted, declined or paid. */
export async function extendProposal(
  deps: QuoteDeps,
  actor: AuthUser,
  id: string,
  validUntil: string,
) {
  const current = await findQuote(deps, id);
  const q = current.quote;
  if (q.paidAt || q.depositPaidAt || current.projectId) throw conflict(ALREADY_PAID);
  if (q.acceptedAt) throw conflict('This proposal has been accepted: it no longer expires.');
  if (q.declinedAt) {
    throw conflict('This proposal was declined: change it to make a new version first.');
  }
  const until = validUntilOf(validUntil, deps.config.businessTimeZone)!;
  await deps.quotes.update(q.id, { validUntil: until });
  await recordQuote(deps, actor, q.id, {
    action: 'quote.extended',
    summary: `Proposal "${q.name}" is valid until ${validUntil}`,
    data: {
      from: q.validUntil?.toISOString() ?? null,
      to: until.toISOString(),
    },
  });
  return findQuote(deps, q.id);
}

/**
 * 'Record acceptance' (docs/product.md#proposals): a customer who accepted on paper (or by
 * phone, or by mail) cannot sign on the page, so staff who manage quotes record it. It is the
 * staff member's act, not a signature: the row names who recorded it and how it was given, the
 * audit log has it, and every view of the proposal says it was recorded by them. The same
 * version check and one-statement acceptance as the customer's keep two answers from both
 * landing.
 */
export async function recordAcceptance(
  deps: QuoteDeps & { config: Config },
  actor: AuthUser,
  id: string,
  input: z.output<typeof recordAcceptanceRequest>,
) {
  const row = await findQuote(deps, id);
  refuseIfClosed(row, STAFF_CLOSED);
  if (row.quote.version !== input.version) throw conflict(STAFF_CHANGED);
  const snapshot = snapshotOf(row, deps.config);
  const now = new Date();
  const actorName = await deps.users.actorName(actor.id);
  const recorded = await deps.repos.transaction(async (r) => {
    if (!(await r.quotes.markAccepted(row.quote.id, input.version, now))) return false;
    await r.quotes.insertSignature({
      quoteId: row.quote.id,
      version: input.version,
      signedName: input.name,
      signedAt: now,
      ip: actor.ip,
      userId: null,
      recordedById: actor.id,
      recordedByName: actorName,
      note: input.note,
      contentHash: hashSnapshot(snapshot),
      snapshot,
    });
    await recordQuote({ ...deps, audit: r.audit, users: r.users }, actor, row.quote.id, {
      action: 'quote.acceptance_recorded',
      summary: `Recorded the acceptance of "${row.quote.name}" (version ${input.version}) by ${input.name}, given on paper`,
      data: { signedName: input.name, version: input.version, note: input.note },
    });
    return true;
  });
  if (!recorded) {
    // Answered, paid or changed between the read and the write: say which, as it is now.
    refuseIfClosed(await findQuote(deps, id), STAFF_CLOSED);
    throw conflict(STAFF_CHANGED);
  }
  return findQuote(deps, row.quote.id);
}

/** What accepting leads to paying, for the mail. */
function dueText(row: QuoteWithRelations, config: Config): string {
  const parts = quoteParts(row.quote);
  const currency = config.payments.currency;
  return parts.deposit
    ? `The deposit of ${formatMoneyGst(parts.deposit.totalWithGstCents, 'inc', currency)} starts the work; the balance is due when it is ready.`
    : `The total is ${formatMoneyGst(parts.total.totalWithGstCents, 'inc', currency)}.`;
}

/** The signer's address: the signed-in customer's, else whom the proposal was sent to. */
async function signerEmail(deps: ProposalDeps, row: QuoteWithRelations, caller: AuthUser | null) {
  if (caller) {
    const user = await deps.repos.users.findById(caller.id);
    if (user) return user.email;
  }
  return row.customer?.email ?? row.quote.recipientEmail ?? '';
}

/** The staff who made the proposal, else the shop's admin address. */
async function makerEmail(deps: ProposalDeps, row: QuoteWithRelations) {
  if (row.quote.createdById) {
    const maker = await deps.repos.users.findById(row.quote.createdById);
    if (maker) return maker.email;
  }
  return deps.config.adminEmail ?? '';
}

/** The signed PDF of a proposal, or null while it is not signed. */
export async function renderSignedProposal(
  repos: Pick<Repositories, 'quotes'>,
  config: Pick<Config, 'businessTimeZone'>,
  quoteId: string,
) {
  const signature = await repos.quotes.findSignature(quoteId);
  if (!signature) return null;
  const content = await renderProposalPdf({
    snapshot: signature.snapshot,
    signedName: signature.signedName,
    recordedBy: signature.recordedByName,
    signedAt: signature.signedAt,
    ip: signature.ip,
    contentHash: signature.contentHash,
    timeZone: config.businessTimeZone,
  });
  return { filename: signedProposalFilename(signature.snapshot.name), content };
}

/** GET /api/quotes/{id}/signed.pdf: whoever may read the proposal, once signed. */
export async function signedProposalFor(
  repos: Pick<Repositories, 'quotes'>,
  config: Pick<Config, 'businessTimeZone'>,
  id: string,
  caller: AuthUser | null,
) {
  const row = await repos.quotes.find(id);
  if (!row) throw notFound('Quote not found');
  checkProposalAccess(row, caller);
  const pdf = await renderSignedProposal(repos, config, row.quote.id);
  if (!pdf) throw notFound('This proposal has not been signed yet');
  return pdf;
}
