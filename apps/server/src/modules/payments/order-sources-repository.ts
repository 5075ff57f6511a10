import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  companyMembers,
  customQuotes,
  projects,
  serviceExtras,
  servicePackages,
  services,
  users,
} from '../../db/schema.ts';

/**
 * What every storefront order is priced from, each read built once per database handle and
 * prepared by name (docs/decisions/113, 116).
 */
function orderQueries(db: Db) {
  return {
    service: db
      .select()
      .from(services)
      .where(eq(services.id, sql.placeholder('id')))
      .limit(1)
      .prepare('order_service'),
    packages: db
      .select()
      .from(servicePackages)
      .where(eq(servicePackages.serviceId, sql.placeholder('serviceId')))
      .orderBy(asc(servicePackages.position))
      .prepare('order_packages'),
    coordinator: db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.role, 'co-ordinator')))
      .limit(1)
      .prepare('order_coordinator'),
  };
}

/**
 * The rows an order is priced from: catalogue services, packages and extras, custom quotes and
 * co-ordinators. Read-only here (their own modules manage them); the checkout reads the
 * database, never the prices a browser sends.
 */
export function createOrderSources(db: Db) {
  let queries: ReturnType<typeof orderQueries> | undefined;
  const prepared = () => (queries ??= orderQueries(db));
  return {
    async findService(id: string) {
      const [row] = await prepared().service.execute({ id });
      return row;
    },

    async listPackages(serviceId: string) {
      return prepared().packages.execute({ serviceId });
    },

    async findPackage(id: string) {
      const [row] = await db
        .select()
        .from(servicePackages)
        .where(eq(servicePackages.id, id))
        .limit(1);
      return row;
    },

    async findExtras(serviceId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(serviceExtras)
        .where(and(eq(serviceExtras.serviceId, serviceId), inArray(serviceExtras.id, [...ids])));
    },

    async findQuote(id: string) {
      const [row] = await db.select().from(customQuotes).where(eq(customQuotes.id, id)).limit(1);
      return row;
    },

    /**
     * Whether `userId` may answer for the customer a quote is for: that customer, or someone of
     * their company (docs/product.md#client-companies).
     */
    async isOfCustomersCompany(customerId: string, userId: string): Promise<boolean> {
      if (customerId === userId) return true;
      const theirs = alias(companyMembers, 'theirs');
      const [row] = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .innerJoin(theirs, eq(theirs.companyId, companyMembers.companyId))
        .where(and(eq(companyMembers.userId, userId), eq(theirs.userId, customerId)))
        .limit(1);
      return row !== undefined;
    },

    async markQuotePaid(id: string) {
      await db.update(customQuotes).set({ paidAt: new Date() }).where(eq(customQuotes.id, id));
    },

    /** A quote with a deposit: its deposit went through, and the project started. */
    async markDepositPaid(id: string) {
      await db
        .update(customQuotes)
        .set({ depositPaidAt: new Date() })
        .where(eq(customQuotes.id, id));
    },

    /**
     * Staff asked for the balance: undefined when the quote has no paid deposit or is paid in
     * full (the check and the write are one statement).
     */
    async markBalanceRequested(id: string, at: Date, dueDate: string) {
      const [row] = await db
        .update(customQuotes)
        // Asked again, the balance is due anew and its reminders start over.
        .set({
          balanceRequestedAt: at,
          balanceDueDate: dueDate,
          balanceRemindedBeforeAt: null,
          balanceRemindedAfterAt: null,
        })
        .where(
          and(
            eq(customQuotes.id, id),
            isNotNull(customQuotes.depositPaidAt),
            isNull(customQuotes.paidAt),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Requested, unpaid balances a reminder may be due for (docs/decisions/104), with the project
     * their deposit made: before, due on `day` or sooner; after, due before `day`.
     */
    async balancesDueForReminder(which: 'before' | 'after', day: string, limit: number) {
      return db
        .select({ quote: customQuotes, project: projects })
        .from(customQuotes)
        .innerJoin(projects, eq(projects.quoteId, customQuotes.id))
        .where(
          and(
            isNotNull(customQuotes.balanceDueDate),
            isNull(customQuotes.paidAt),
            which === 'before'
              ? and(
                  isNull(customQuotes.balanceRemindedBeforeAt),
                  lte(customQuotes.balanceDueDate, day),
                )
              : and(
                  isNull(customQuotes.balanceRemindedAfterAt),
                  lt(customQuotes.balanceDueDate, day),
                ),
          ),
        )
        .orderBy(asc(customQuotes.balanceDueDate), asc(customQuotes.id))
        .limit(limit);
    },

    /** A quote's row, locked until the transaction ends. */
    async lockQuote(id: string) {
      const [row] = await db
        .select()
        .from(customQuotes)
        .where(eq(customQuotes.id, id))
        .for('update');
      return row;
    },

    async markBalanceReminded(id: string, which: 'before' | 'after', at: Date) {
      await db
        .update(customQuotes)
        .set(which === 'before' ? { balanceRemindedBeforeAt: at } : { balanceRemindedAfterAt: at })
        .where(eq(customQuotes.id, id));
    },

    /** The project a quote's deposit made, and whose it is. */
    async findQuoteProject(quoteId: string) {
      const [row] = await db
        .select({ id: projects.id, userId: projects.userId, orderNumber: projects.orderNumber })
        .from(projects)
        .where(eq(projects.quoteId, quoteId))
        .limit(1);
      return row;
    },

    /**
     * Whether `userId` is of the client company a quote's project belongs to (who ordered it, or
     * anyone of its company: docs/product.md#client-companies).
     */
    async isQuoteProjectsCustomer(quoteId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.quoteId, quoteId),
            sql`(${projects.userId} = ${userId} or ${projects.companyId} = (select m.company_id from ${companyMembers} m where m.user_id = ${userId}))`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async findCoordinator(id: string) {
      const [row] = await prepared().coordinator.execute({ id });
      return row;
    },

    async listCoordinators() {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          displayName: users.displayName,
        })
        .from(users)
        .where(eq(users.role, 'co-ordinator'))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    },
  };
}
export type OrderSources = ReturnType<typeof createOrderSources>;
