import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customQuotes, serviceExtras, servicePackages, services, users } from '../../db/schema.ts';

/**
 * The rows an order is priced from: catalogue services, packages and extras, custom quotes and
 * co-ordinators. Read-only here (their own modules manage them); the checkout reads the
 * database, never the prices a browser sends.
 */
export function createOrderSources(db: Db) {
  return {
    async findService(id: string) {
      const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
      return row;
    },

    async listPackages(serviceId: string) {
      return db
        .select()
        .from(servicePackages)
        .where(eq(servicePackages.serviceId, serviceId))
        .orderBy(asc(servicePackages.position));
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

    async markQuotePaid(id: string) {
      await db.update(customQuotes).set({ paidAt: new Date() }).where(eq(customQuotes.id, id));
    },

    async findCoordinator(id: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'co-ordinator')))
        .limit(1);
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
