import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  auditLog,
  jobs,
  payments,
  projects,
  sandboxPaymentIntents,
  subscriptionChanges,
  subscriptions,
  webhookDeliveries,
} from '../db/schema.ts';

/**
 * What the plan change tests set and read of a subscription directly: its next charge moved as
 * if time had passed, the hold an upgrade takes, and every record a refused change could touch.
 */

export async function moveNextCharge(app: FastifyInstance, projectId: string, at: Date) {
  const [row] = await app.database.db
    .update(subscriptions)
    .set({ nextChargeAt: at })
    .where(eq(subscriptions.projectId, projectId))
    .returning();
  return row!;
}

/** The plan's change log moved back to `at`, as if it had been on its package since then. */
export async function backdatePackage(app: FastifyInstance, projectId: string, at: Date) {
  const [row] = await app.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.projectId, projectId));
  await app.database.db
    .update(subscriptionChanges)
    .set({ at })
    .where(eq(subscriptionChanges.subscriptionId, row!.id));
}

/** The card the subscription charges, as if the customer's card changed at the provider. */
export async function chargeCard(app: FastifyInstance, projectId: string, paymentMethodId: string) {
  await app.database.db
    .update(subscriptions)
    .set({ paymentMethodId })
    .where(eq(subscriptions.projectId, projectId));
}

/** Past due after its last try, as the renewal leaves it: no next try, its renewal done. */
export async function makePastDue(app: FastifyInstance, projectId: string, failures: number) {
  const [row] = await app.database.db
    .update(subscriptions)
    .set({ status: 'past_due', failureCount: failures, nextRetryAt: null })
    .where(eq(subscriptions.projectId, projectId))
    .returning();
  await app.database.db
    .update(jobs)
    .set({ status: 'done' })
    .where(like(jobs.uniqueKey, `renewal:${row!.id}:%`));
}

export async function holdPlanChange(app: FastifyInstance, projectId: string, until: Date | null) {
  await app.database.db
    .update(subscriptions)
    .set({ planChangeLockedUntil: until })
    .where(eq(subscriptions.projectId, projectId));
}

/** The order's subscription, payments and project rows, as they are now. */
export async function planState(app: FastifyInstance, projectId: string) {
  const db = app.database.db;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.projectId, projectId));
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  return {
    subscription: subscription!,
    payments: await db.select().from(payments).where(eq(payments.projectId, projectId)),
    project: project!,
  };
}

export async function auditEntries(app: FastifyInstance, projectId: string, action: string) {
  return app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, projectId), eq(auditLog.action, action)));
}

export async function webhookPayloads(app: FastifyInstance, eventType: string) {
  const rows = await app.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.eventType, eventType));
  return rows.map((row) => row.payload);
}

/** The pause as if it began `ms` earlier: time passes for the resume's count. */
export async function backdatePause(app: FastifyInstance, projectId: string, ms: number) {
  const [row] = await app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.projectId, projectId));
  await app.database.db
    .update(subscriptions)
    .set({ pausedAt: new Date(row!.pausedAt!.getTime() - ms) })
    .where(eq(subscriptions.projectId, projectId));
}

/** What the sandbox provider charged the card for a payment (its intent's amount). */
export async function cardChargedCents(app: FastifyInstance, transactionId: string) {
  const [intent] = await app.database.db
    .select({ amountCents: sandboxPaymentIntents.amountCents })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, transactionId));
  return intent?.amountCents;
}
