import { and, desc, eq, isNull } from 'drizzle-orm';
import { quoteStateOf } from '@noise/shared/quote';
import { displayNameOf } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import { customQuotes, projects, users } from '../../db/schema.ts';

export type QuoteRow = typeof customQuotes.$inferSelect;

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
      .select({ quote: customQuotes, projectId: projects.id, customer: customerColumns })
      .from(customQuotes)
      .leftJoin(projects, eq(projects.quoteId, customQuotes.id))
      .leftJoin(users, eq(users.id, customQuotes.customerId));

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
    ) {
      const [row] = await db
        .update(customQuotes)
        .set({ ...recipient, sentAt: at })
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
    createdBy: q.createdByName,
    createdAt: q.createdAt.toISOString(),
    projectId: row.projectId,
    customer: row.customer ? toQuoteCustomerDto(row.customer) : null,
    recipientEmail: q.recipientEmail,
    state: quoteStateOf(q).state,
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
  };
}
