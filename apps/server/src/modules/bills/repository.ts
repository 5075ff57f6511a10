import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bills, companyMembers, payments, refunds, users } from '../../db/schema.ts';

export type BillRow = typeof bills.$inferSelect;
type NewBill = typeof bills.$inferInsert;
export type BillPaymentRow = typeof payments.$inferSelect;
export type BillRefundRow = typeof refunds.$inferSelect;

/** The customer a bill is for: enough for a name, an address and a company. */
const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  companyName: users.companyName,
  companyId: companyMembers.companyId,
};

export type BillCustomer = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  companyName: string;
  companyId: string | null;
};

export interface BillWithCustomer {
  bill: BillRow;
  customer: BillCustomer;
}

/** A bill's payments, each with its refunds (reversals): what it was paid comes from these. */
export type BillPaymentWithRefunds = BillPaymentRow & { refunds: BillRefundRow[] };

/** Staff invoices (docs/decisions/093-staff-invoices.md): the bills and their payment records. */
export function createBillRepository(db: Db) {
  const selectBills = (tx: Db = db) =>
    tx
      .select({ bill: bills, customer: customerColumns })
      .from(bills)
      .innerJoin(users, eq(users.id, bills.customerId))
      .leftJoin(companyMembers, eq(companyMembers.userId, bills.customerId));

  return {
    async insert(values: NewBill): Promise<BillRow> {
      const [row] = await db.insert(bills).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<BillWithCustomer | undefined> {
      const [row] = await selectBills().where(eq(bills.id, id)).limit(1);
      return row;
    },

    /** The bill locked (`FOR UPDATE`) in the caller's transaction: one change at a time. */
    async lock(id: string): Promise<BillRow | undefined> {
      const [row] = await db.select().from(bills).where(eq(bills.id, id)).for('update');
      return row;
    },

    /** Newest first; the staff list reads at most `limit`. */
    async list(limit: number): Promise<BillWithCustomer[]> {
      return selectBills().orderBy(desc(bills.createdAt), desc(bills.id)).limit(limit);
    },

    /**
     * Sent bills, not void, still owed, latest due first (Reporting's invoices by age): found by
     * the totals the database keeps (`paid_cents` below `total_cents`, docs/decisions/111), so
     * the bills paid long ago are not read.
     */
    async listOutstanding(limit: number): Promise<BillWithCustomer[]> {
      return selectBills()
        .where(
          and(
            isNotNull(bills.sentAt),
            isNull(bills.voidedAt),
            lt(bills.paidCents, bills.totalCents),
          ),
        )
        .orderBy(desc(bills.dueDate), desc(bills.id))
        .limit(limit);
    },

    /** A company's bills that were sent (drafts stay staff's), newest first. */
    async listSentOfCompany(companyId: string, limit: number): Promise<BillWithCustomer[]> {
      return selectBills()
        .where(and(eq(companyMembers.companyId, companyId), isNotNull(bills.sentAt)))
        .orderBy(desc(bills.createdAt), desc(bills.id))
        .limit(limit);
    },

    /**
     * The extra requests bought for these request plans (docs/product.md#extra-requests), void
     * ones left out, oldest first.
     */
    async ofRequestPlans(planIds: readonly string[]): Promise<BillRow[]> {
      if (!planIds.length) return [];
      return db
        .select()
        .from(bills)
        .where(and(inArray(bills.requestPlanId, [...planIds]), isNull(bills.voidedAt)))
        .orderBy(asc(bills.createdAt), asc(bills.id));
    },

    /** Only while a draft: a sent bill's lines are what the customer was asked to pay. */
    async updateDraft(
      id: string,
      values: Pick<NewBill, 'customerId' | 'lines' | 'dueDate' | 'note'>,
    ): Promise<BillRow | undefined> {
      const [row] = await db
        .update(bills)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(bills.id, id), isNull(bills.sentAt), isNull(bills.voidedAt)))
        .returning();
      return row;
    },

    async markSent(id: string, at: Date): Promise<BillRow | undefined> {
      const [row] = await db
        .update(bills)
        .set({ sentAt: sql`coalesce(${bills.sentAt}, ${at})`, updatedAt: at })
        .where(and(eq(bills.id, id), isNull(bills.voidedAt)))
        .returning();
      return row;
    },

    async markVoided(id: string, by: string, at: Date): Promise<BillRow | undefined> {
      const [row] = await db
        .update(bills)
        .set({ voidedAt: at, voidedById: by, updatedAt: at })
        .where(and(eq(bills.id, id), isNull(bills.voidedAt)))
        .returning();
      return row;
    },

    async markReminded(id: string, which: 'before' | 'after', at: Date) {
      await db
        .update(bills)
        .set(which === 'before' ? { remindedBeforeAt: at } : { remindedAfterAt: at })
        .where(eq(bills.id, id));
    },

    /** The payments of these bills with their refunds, oldest first. */
    async paymentsOf(billIds: readonly string[]): Promise<BillPaymentWithRefunds[]> {
      if (!billIds.length) return [];
      const rows = await db
        .select()
        .from(payments)
        .where(inArray(payments.billId, [...billIds]))
        .orderBy(asc(payments.createdAt), asc(payments.id));
      const made = rows.length
        ? await db
            .select()
            .from(refunds)
            .where(
              inArray(
                refunds.paymentId,
                rows.map((p) => p.id),
              ),
            )
        : [];
      return rows.map((payment) => ({
        ...payment,
        refunds: made.filter((r) => r.paymentId === payment.id),
      }));
    },

    /** A payment staff record (bank transfer, cash): one per idempotency key. */
    async insertPayment(values: typeof payments.$inferInsert): Promise<BillPaymentRow | undefined> {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** A reversal of a payment marked in error: a refund row, with its adjustment note number. */
    async insertReversal(values: typeof refunds.$inferInsert): Promise<BillRefundRow> {
      const [row] = await db.insert(refunds).values(values).returning();
      return row!;
    },

    /**
     * Sent bills, neither void nor reminded yet, due on or before `dueBy` (before the due date)
     * or before `overdueBefore` (after it): the reminders' daily pass reads these.
     */
    async dueForReminder(which: 'before' | 'after', day: string, limit: number) {
      return selectBills()
        .where(
          and(
            isNotNull(bills.sentAt),
            isNull(bills.voidedAt),
            which === 'before'
              ? and(isNull(bills.remindedBeforeAt), lte(bills.dueDate, day))
              : and(isNull(bills.remindedAfterAt), lt(bills.dueDate, day)),
          ),
        )
        .orderBy(asc(bills.dueDate), asc(bills.id))
        .limit(limit);
    },
  };
}

export type BillRepository = ReturnType<typeof createBillRepository>;
