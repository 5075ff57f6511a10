import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Webhook endpoints and their deliveries (docs/decisions/073-webhooks.md). */
export function createWebhookRepository(db: Db) {
  return {
    async listEndpoints() {
      return db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
    },

    async findEndpoint(id: string) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async updateEndpoint(id: string, values: Partial<typeof webhookEndpoints.$inferInsert>) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row;
    },

    async deleteEndpoint(id: string) {
      const rows = await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The enabled endpoints that asked for this event. */
    async listSubscribed(eventType: string) {
      return db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            isNull(webhookEndpoints.disabledAt),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
          ),
        );
    },

    async insertDelivery(values: typeof webhookDeliveries.$inferInsert) {
      const [row] = await db.insert(webhookDeliveries).values(values).returning();
      return row!;
    },

    async findDelivery(id: string) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, id));
      return row;
    },

    async updateDelivery(id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
      await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
    },

    /** An endpoint's latest deliveries, newest first. */
    async listDeliveries(endpointId: string, limit: number) {
      return db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
