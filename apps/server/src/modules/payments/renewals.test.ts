import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withGst, type PackageType } from '@noise/shared/pricing';
import { jobs, payments, projects, sandboxPaymentIntents, subscriptions } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  pay,
  sandboxCard,
} from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { createBackgroundRunner } from '../../background.ts';
import { paymentJobs } from './register.ts';
import { RENEWAL_JOB } from './renew-subscription.ts';

const { app, config } = await createTestApp();
const db = app.database.db;
const { user: cora } = await coordinator(app);

/** A paid weekly (or quarterly…) order whose next period is due now. */
async function dueSubscription(
  token: string,
  pkg: { title: string; type: PackageType; recurringCostCents: number } = {
    title: 'Weekly',
    type: 'weekly',
    recurringCostCents: 10_000,
  },
) {
  const fixture = await createServiceToOrder(app, {
    packages: [{ ...pkg, baseCostCents: 20_000 }],
    extras: [],
  });
  const res = await pay(app, token, orderBody(fixture, { coordinatorId: cora.id }));
  expect(res.statusCode).toBe(200);
  const projectId = res.json().projectId as string;
  const due = new Date(Date.now() - 60_000);
  const [subscription] = await db
    .update(subscriptions)
    .set({ nextChargeAt: due })
    .where(eq(subscriptions.projectId, projectId))
    .returning();
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  return { projectId, orderNumber: project!.orderNumber, subscription: subscription!, due };
}

const renewalsOf = (subscriptionId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.kind, 'renewal')));

const outbox = () => {
  const dir = path.join(config.dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};

describe('subscription renewals', () => {
  it('two workers running at once charge a due subscription exactly once', async () => {
    const { user, token } = await createUser(app);
    const { orderNumber, subscription, due } = await dueSubscription(token);
    const second = createBackgroundRunner(app, app.appContext, {
      workerId: 'second-worker',
      pollIntervalMs: 0,
    });
    await Promise.all([
      app.jobRunner.runDueJobs(),
      second.runDueJobs(),
      app.jobRunner.runDueJobs(),
      second.runDueJobs(),
    ]);

    const renewals = await renewalsOf(subscription.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      amountCents: withGst(10_000),
      gstCents: withGst(10_000) - 10_000,
      status: 'succeeded',
      projectId: subscription.projectId,
    });
    const charges = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(like(sandboxPaymentIntents.idempotencyKey, `renewal:${subscription.id}:%`));
    expect(charges).toHaveLength(1);
    const [after] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(after!.nextChargeAt.getTime()).toBe(due.getTime() + 7 * 86_400_000);
    expect(after!.status).toBe('active');

    // Nothing more is due: running again charges nothing.
    await app.jobRunner.runDueJobs();
    expect(await renewalsOf(subscription.id)).toHaveLength(1);
    expect(
      outbox().some((mail) => mail.includes('Receipt:') && mail.includes('application/pdf')),
    ).toBe(true);
    const receipt = await outboxMail(app, config.dataDir, user.email, 'Receipt:');
    expect(receipt.subject).toMatch(new RegExp(`weekly fee \\(Order ${orderNumber}\\)$`));
    expect(receipt.text).toContain(`inc. GST for Order ${orderNumber}, `);
  });

  it('charges a quarterly plan once for its quarter and moves the next charge three months on, the month end clamped', async () => {
    const { user, token } = await createUser(app);
    const { orderNumber, subscription } = await dueSubscription(token, {
      title: 'Quarterly review',
      type: 'quarterly',
      recurringCostCents: 145_000,
    });
    expect(subscription.interval).toBe('quarterly');
    // 30 Nov at 11:00 in Sydney: the quarter from it ends on 28 Feb (no 30th), at the same hour.
    const period = new Date('2025-11-30T00:00:00Z');
    await db
      .update(subscriptions)
      .set({ nextChargeAt: period })
      .where(eq(subscriptions.id, subscription.id));
    const renew = paymentJobs(app, config, app.checkoutDeps).kinds![RENEWAL_JOB]!.run;
    await renew({ subscriptionId: subscription.id, period: period.toISOString() }, undefined!);
    // The same period's job run again charges nothing more.
    await renew({ subscriptionId: subscription.id, period: period.toISOString() }, undefined!);

    const renewals = await renewalsOf(subscription.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      amountCents: 159_500,
      gstCents: 14_500,
      status: 'succeeded',
    });
    const [after] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(after!.nextChargeAt.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    const receipt = await outboxMail(app, config.dataDir, user.email, 'Receipt:');
    expect(receipt.subject).toMatch(new RegExp(`quarterly fee \\(Order ${orderNumber}\\)$`));
    expect(receipt.text).toContain('the period from 30 Nov, 2025.');
  });

  it('names the period by its day in BUSINESS_TIMEZONE, whatever the server’s zone', async () => {
    expect(config.businessTimeZone).toBe('Australia/Sydney');
    const { user, token } = await createUser(app);
    const { orderNumber, subscription } = await dueSubscription(token);
    // 14:30 UTC on 31 March is half past one in the morning of 1 April in Sydney (AEDT, +11).
    const period = new Date('2026-03-31T14:30:00Z');
    await db
      .update(subscriptions)
      .set({ nextChargeAt: period })
      .where(eq(subscriptions.id, subscription.id));
    const renew = paymentJobs(app, config, app.checkoutDeps).kinds![RENEWAL_JOB]!.run;
    await renew({ subscriptionId: subscription.id, period: period.toISOString() }, undefined!);
    // The next periods are not what this test is about: none falls due while it reads the mail.
    await db
      .update(subscriptions)
      .set({ nextChargeAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.id, subscription.id));

    const [renewal] = await renewalsOf(subscription.id);
    expect(renewal!.lineItems[0]!.description).toMatch(/weekly fee from 01 Apr, 2026$/);
    const receipt = await outboxMail(app, config.dataDir, user.email, 'Receipt:');
    expect(receipt.subject).toContain(`(Order ${orderNumber})`);
    expect(receipt.text).toContain('the period from 01 Apr, 2026.');
    expect(receipt.text).not.toContain('31 Mar, 2026');
    // The shop in these tests has no ABN: what is attached is an invoice, not a tax invoice.
    expect(receipt.text).toContain('Your invoice is attached.');
    expect(receipt.text).not.toMatch(/tax invoice/i);
  });

  it('retries a declined renewal with back-off, emails the customer, and is past due after the last failure', async () => {
    const { user, token } = await createUser(app);
    const { orderNumber, subscription } = await dueSubscription(token);
    // The saved card stops working.
    await db
      .update(subscriptions)
      .set({ paymentMethodId: sandboxCard('declined') })
      .where(eq(subscriptions.id, subscription.id));

    const renewalJob = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(like(jobs.uniqueKey, `renewal:${subscription.id}:%`))
      )[0]!;
    const mailsTo = () =>
      outbox().filter((m) => m.includes(user.email) && !m.includes('Your Make Noise Agency order'));

    const before = mailsTo().length;
    const start = Date.now();
    await app.jobRunner.runDueJobs();
    let job = await renewalJob();
    let [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub).toMatchObject({
      status: 'active',
      failureCount: 1,
      lastFailureMessage: 'Your card was declined.',
    });
    expect(job.status).toBe('pending');
    const firstDelay = job.runAt.getTime() - start;
    expect(firstDelay).toBeGreaterThanOrEqual(config.renewals.retryBaseMs - 1000);
    expect(mailsTo().length).toBe(before + 1);
    expect(mailsTo().at(-1)).toContain('We could not charge your card');
    const declined = await outboxMail(app, config.dataDir, user.email, 'We could not charge');
    expect(declined.subject).toContain(`(Order ${orderNumber})`);
    expect(declined.text).toContain(`for Order ${orderNumber}, `);

    // Not due yet: nothing happens.
    await app.jobRunner.runDueJobs();
    expect((await renewalJob()).attempts).toBe(1);

    // Time passes: the second try doubles the wait.
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    const second = Date.now();
    await app.jobRunner.runDueJobs();
    job = await renewalJob();
    [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub!.failureCount).toBe(2);
    expect(job.runAt.getTime() - second).toBeGreaterThanOrEqual(
      2 * config.renewals.retryBaseMs - 1000,
    );

    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await app.jobRunner.runDueJobs();
    job = await renewalJob();
    [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub).toMatchObject({ status: 'past_due', failureCount: config.renewals.maxFailures });
    expect(job.status).toBe('done');
    expect(mailsTo().at(-1)).toContain('past due');
    expect(await renewalsOf(subscription.id)).toHaveLength(0);
  });
});

describe('POST /api/projects/:id/subscription/cancel', () => {
  it('lets the owner cancel, answers 404 to another client, and stops renewals', async () => {
    const { token } = await createUser(app);
    const { projectId, subscription } = await dueSubscription(token);
    const { token: stranger } = await createUser(app);
    const cancel = (t: string) =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/subscription/cancel`,
        headers: bearer(t),
      });

    // The project says when the plan's next period starts: the subscription's next charge.
    const project = () =>
      app
        .inject({ url: `/api/projects/${projectId}`, headers: bearer(token) })
        .then((r) => r.json());
    expect((await project()).nextPeriodAt).toBe(subscription.nextChargeAt.toISOString());

    const refused = await cancel(stranger);
    expect(refused.statusCode).toBe(404);
    const peek = await app.inject({
      url: `/api/projects/${projectId}/subscription`,
      headers: bearer(stranger),
    });
    expect(peek.statusCode).toBe(404);

    const res = await cancel(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: subscription.id,
      status: 'cancelled',
      nextChargeAt: null,
    });
    expect((await cancel(token)).json().status).toBe('cancelled');
    expect((await project()).nextPeriodAt).toBeNull();
    // No further charge shows anywhere: the order's money says none follows.
    expect((await project()).money).toMatchObject({ recurringCents: 0, period: null });

    await app.jobRunner.runDueJobs();
    expect(await renewalsOf(subscription.id)).toHaveLength(0);
  });

  it('lets staff who manage sales cancel', async () => {
    const { token } = await createUser(app);
    const { projectId } = await dueSubscription(token);
    const { token: staff } = await createUser(app, { role: 'admin' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subscription/cancel`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
  });
});
