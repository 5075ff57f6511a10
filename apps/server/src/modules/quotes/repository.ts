import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { isExpired, quoteStateOf } from '@noise/shared/quote';
import { displayNameOf } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import {
  companyMembers,
  customQuotes,
  projects,
  proposalSignatures,
  users,
} from '../../db/schema.ts';

export type QuoteRow = typeof customQuotes.$inferSelect;
export type SignatureRow = typeof proposalSignatures.$inferSelect;

/** The signature's facts a page shows (the snapshot stays for the PDF). */
const signatureColumns = {
  signedName: proposalSignatures.signedName,
  signedAt: proposalSignatures.signedAt,
  version: proposalSignatures.version,
  contentHash: proposalSignatures.contentHash,
  recordedByName: proposalSignatures.recordedByName,
  note: proposalSignatures.note,
};

/** The columns of the customer a quote is for: enough for a name and an address. */
const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
};

export function createQuoteRepository(db: Db) {
  const selectQuotes = () =>
    db
      .select({
        quote: customQuotes,
        projectId: projects.id,
        customer: customerColumns,
        customerCompanyId: companyMembers.companyId,
        signature: signatureColumns,
      })
      .from(customQuotes)
      .leftJoin(projects, eq(projects.quoteId, customQuotes.id))
      .leftJoin(users, eq(users.id, customQuotes.customerId))
      .leftJoin(companyMembers, eq(companyMembers.userId, customQuotes.customerId))
      .leftJoin(proposalSignatures, eq(proposalSignatures.quoteId, customQuotes.id));

  return {
    async list() {
      return selectQuotes().orderBy(desc(customQuotes.createdAt), desc(customQuotes.id));
    },

    async find(id: string) {
      const [row] = await selectQuotes().where(eq(customQuotes.id, id));
      return row;
    },

    async insert(values: typeof customQuotes.$inferInsert) {
      const [row] = await db.insert(customQuotes).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof customQuotes.$inferInsert>) {
      const [row] = await db
        .update(customQuotes)
        .set(values)
        .where(eq(customQuotes.id, id))
        .returning();
      return row;
    },

    /**
     * Records a send to `recipient`, unless the quote was paid meanwhile (then undefined): the
     * check and the write are one statement, so a payment landing at the same time wins.
     */
    async markSent(
      id: string,
      recipient: { customerId: string | null; recipientEmail: string },
      at: Date,
      validUntil: Date,
    ) {
      const [row] = await db
        .update(customQuotes)
        .set({ ...recipient, sentAt: at, validUntil })
        .where(
          and(
            eq(customQuotes.id, id),
            isNull(customQuotes.paidAt),
            isNull(customQuotes.depositPaidAt),
          ),
        )
        .returning();
      return row;
    },

    /** The first view only: a later one leaves the date alone. */
    async markViewed(id: string, at: Date) {
      await db
        .update(customQuotes)
        .set({ viewedAt: at })
        .where(and(eq(customQuotes.id, id), isNull(customQuotes.viewedAt)));
    },

    /**
     * Accepts `version` of the quote, unless it changed, was answered, paid or expired meanwhile
     * (then undefined): the check and the write are one statement, so two acceptances at once
     * record one.
     */
    async markAccepted(id: string, version: number, at: Date) {
      const [row] = await db
        .update(customQuotes)
        .set({ acceptedAt: at })
        .where(
          and(
            eq(customQuotes.id, id),
            eq(customQuotes.version, version),
            isNull(customQuotes.acceptedAt),
            isNull(customQuotes.declinedAt),
            isNull(customQuotes.paidAt),
            isNull(customQuotes.depositPaidAt),
            or(isNull(customQuotes.validUntil), gt(customQuotes.validUntil, at)),
          ),
        )
        .returning();
      return row;
    },

    async insertSignature(values: typeof proposalSignatures.$inferInsert) {
      const [row] = await db.insert(proposalSignatures).values(values).returning();
      return row!;
    },

    async findSignature(quoteId: string) {
      const [row] = await db
        .select()
        .from(proposalSignatures)
        .where(eq(proposalSignatures.quoteId, quoteId));
      return row;
    },

    /** Declines an open proposal (not accepted, declined or paid); undefined otherwise. */
    async markDeclined(id: string, reason: string, at: Date) {
      const [row] = await db
        .update(customQuotes)
        .set({ declinedAt: at, declineReason: reason })
        .where(
          and(
            eq(customQuotes.id, id),
            isNull(customQuotes.acceptedAt),
            isNull(customQuotes.declinedAt),
            isNull(customQuotes.paidAt),
            isNull(customQuotes.depositPaidAt),
          ),
        )
        .returning();
      return row;
    },

    async delete(id: string) {
      await db.delete(customQuotes).where(eq(customQuotes.id, id));
    },
  };
}
export type QuoteRepository = ReturnType<typeof createQuoteRepository>;
export type QuoteWithRelations = NonNullable<Awaited<ReturnType<QuoteRepository['find']>>>;

type CustomerColumns = NonNullable<QuoteWithRelations['customer']>;

export function toQuoteCustomerDto(customer: CustomerColumns) {
  return {
    id: customer.id,
    name: displayNameOf(customer) || customer.email,
    email: customer.email,
  };
}

/** A quote's deposit terms and where its two payments stand, in dollars. */
function depositOf(q: QuoteRow) {
  return {
    depositPercent: q.depositPercent,
    depositAmount: q.depositCents === null ? null : q.depositCents / 100,
    depositPaid: q.depositPaidAt !== null,
    balanceRequested: q.balanceRequestedAt !== null,
    balanceDueDate: q.balanceDueDate,
  };
}

/** The proposal's side of a quote: terms, version, dates and its signature (docs/decisions/077). */
function proposalOf(row: QuoteWithRelations) {
  const q = row.quote;
  const signature = row.signature;
  return {
    terms: q.terms,
    version: q.version,
    validUntil: q.validUntil?.toISOString() ?? null,
    sentAt: q.sentAt?.toISOString() ?? null,
    preparedFor: row.customer ? displayNameOf(row.customer) || '' : '',
    preparedBy: q.createdByName,
    expired: !q.acceptedAt && !q.paidAt && !q.depositPaidAt && isExpired(q.validUntil),
    accepted: signature
      ? {
          name: signature.signedName,
          at: signature.signedAt.toISOString(),
          version: signature.version,
          hash: signature.contentHash,
          recordedBy: signature.recordedByName,
        }
      : null,
    declinedAt: q.declinedAt?.toISOString() ?? null,
  };
}

/** A quote as staff see it. */
export function toQuoteDto(row: QuoteWithRelations, currency: string) {
  const q = row.quote;
  return {
    _id: q.id,
    name: q.name,
    summary: q.summary,
    internalNotes: q.internalNotes,
    deliverables: q.deliverables,
    extras: q.extras,
    value: q.valueCents / 100,
    deliveryDays: q.deliveryDays,
    paid: q.paidAt !== null,
    ...depositOf(q),
    ...proposalOf(row),
    createdBy: q.createdByName,
    createdAt: q.createdAt.toISOString(),
    projectId: row.projectId,
    customer: row.customer ? toQuoteCustomerDto(row.customer) : null,
    recipientEmail: q.recipientEmail,
    state: quoteStateOf(q).state,
    acceptedAt: q.acceptedAt?.toISOString() ?? null,
    declineReason: q.declineReason,
    acceptanceNote: row.signature?.note ?? '',
    sentAt: q.sentAt?.toISOString() ?? null,
    viewedAt: q.viewedAt?.toISOString() ?? null,
    paidAt: q.paidAt?.toISOString() ?? null,
    depositPaidAt: q.depositPaidAt?.toISOString() ?? null,
    balanceRequestedAt: q.balanceRequestedAt?.toISOString() ?? null,
    currency,
    intakeQuestions: q.intakeQuestions,
  };
}

/**
 * A quote as its payment page shows it to whoever holds the link: never the internal notes,
 * who it is for or where it stands.
 */
export function toPublicQuoteDto(row: QuoteWithRelations) {
  const q = row.quote;
  return {
    _id: q.id,
    name: q.name,
    summary: q.summary,
    deliverables: q.deliverables,
    extras: q.extras,
    value: q.valueCents / 100,
    deliveryDays: q.deliveryDays,
    // Paid in full; a quote with a deposit becomes its project before its balance is paid.
    paid: Boolean(q.paidAt || (row.projectId && !q.depositPaidAt)),
    ...depositOf(q),
    projectId: row.projectId,
    ...proposalOf(row),
  };
}
