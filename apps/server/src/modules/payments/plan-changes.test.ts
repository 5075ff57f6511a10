import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '@noise/shared/billing';
import type { ProjectPayment, Subscription } from '@noise/shared/payments';
import type { PlanChangeOptions } from '@noise/shared/plan-change';
import { webhookPayloadSchema } from '@noise/shared/webhooks';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import {
  auditEntries,
  backdatePackage,
  holdPlanChange,
  moveNextCharge,
  planState,
  webhookPayloads,
} from '../../test/subscription-helpers.ts';
import { paymentJobs } from './register.ts';
import { RENEWAL_JOB } from './renew-subscription.ts';

/**
 * Changing a plan (docs/product.md#changing-a-plan, docs/decisions/100): an upgrade charges the
 * rest of the period at once, a downgrade waits for the renewal; both for the company's owners
 * and billing people and for staff, and for nobody else.
 */
const { app, config } = await createTestApp();
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });

const social = await createServiceToOrder(app, {
  title: 'Social media',
  packages: [
    { title: 'Starter', type: 'monthly', baseCostCents: 20_000, recurringCostCents: 10_000 },
    { title: 'Growth', type: 'monthly', baseCostCents: 20_000, recurringCostCents: 25_000 },
    { title: 'Scale', type: 'monthly', baseCostCents: 20_000, recurringCostCents: 40_000 },
    { title: 'Weekly boost', type: 'weekly', baseCostCents: 0, recurringCostCents: 5_000 },
    { title: 'One-off audit', type: 'one-time', baseCostCents: 30_000 },
  ],
  extras: [],
});
const [starter, growth, scale, weekly, oneOff] = social.packages;
const other = await createServiceToOrder(app, {
  title: 'SEO',
  packages: [{ title: 'Ranked', type: 'monthly', baseCostCents: 0, recurringCostCents: 30_000 }],
  extras: [],
});

const yearlyService = await createServiceToOrder(app, {
  title: 'Website care',
  packages: [
    { title: 'Care yearly', type: 'yearly', baseCostCents: 0, recurringCostCents: 120_000 },
    { title: 'Care plus yearly', type: 'yearly', baseCostCents: 0, recurringCostCents: 240_000 },
    { title: 'Care quarterly', type: 'quarterly', baseCostCents: 0, recurringCostCents: 35_000 },
  ],
  extras: [],
});

// A retainer with a three-month minimum term on its dearer package.
const retainer = await createServiceToOrder(app, {
  title: 'Retainer',
  packages: [
    {
      title: 'Big',
      type: 'monthly',
      baseCostCents: 0,
      recurringCostCents: 50_000,
      minimumTermPeriods: 3,
    },
    { title: 'Small', type: 'monthly', baseCostCents: 0, recurringCostCents: 20_000 },
  ],
  extras: [],
});

// Deliveries of subscription.changed are recorded for this endpoint (nothing listens there).
const hook = await app.inject({
  method: 'POST',
  url: '/api/webhooks',
  headers: bearer(admin.token),
  payload: { url: 'http://127.0.0.1:9/hooks', events: ['subscription.changed'] },
});
expect(hook.statusCode, hook.body).toBe(201);

const DAY = 86_400_000;
const ZONE = 'Australia/Sydney';
/** The day of a moment in Sydney, counted on its own: days since 1970 of its calendar date. */
const sydneyDay = (at: Date) => {
  const [y, m, d] = at.toLocaleDateString('en-CA', { timeZone: ZONE }).split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY;
};

/**
 * A monthly plan on `pkgIndex` whose next charge is `daysAhead` days away (mid-period), for a
 * company whose owner placed it.
 */
async function plan(token: string, pkgIndex: number, daysAhead = 12) {
  const res = await pay(
    app,
    token,
    orderBody(social, { coordinatorId: cora.user.id, packageIndex: pkgIndex }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const projectId = res.json<{ projectId: string }>().projectId;
  const nextChargeAt = new Date(Date.now() + daysAhead * DAY);
  const subscription = await moveNextCharge(app, projectId, nextChargeAt);
  return { projectId, subscription, nextChargeAt };
}

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const optionsOf = (token: string, projectId: string) =>
  call(token, 'GET', `/api/projects/${projectId}/subscription/plans`);
let keys = 0;
const change = (token: string | null, projectId: string, body: object) =>
  call(token, 'POST', `/api/projects/${projectId}/subscription/change`, {
    idempotencyKey: `plan-change-test-${++keys}`,
    ...body,
  });

/** What a refused request could have changed. */
const stateOf = (projectId: string) => planState(app, projectId);

describe('changing a plan', () => {
  it('charges an upgrade the prorated difference to the cent, and every screen shows it', async () => {
    const owner = await createUser(app, { firstName: 'Olive' });
    const billing = await createTeammate(app, owner.user, 'billing');
    const { projectId, subscription, nextChargeAt } = await plan(owner.token, 0);

    // The recount: the period is the month before the next charge, in days of Sydney's calendar;
    // today is the new package's first day.
    const periodStart = new Date(nextChargeAt);
    periodStart.setUTCMonth(periodStart.getUTCMonth() - 1);
    const periodDays = sydneyDay(nextChargeAt) - sydneyDay(periodStart);
    const daysLeft = sydneyDay(nextChargeAt) - sydneyDay(new Date());
    expect(daysLeft).toBeGreaterThanOrEqual(11);
    const proratedBeforeGst = Math.round(((25_000 - 10_000) * daysLeft) / periodDays);
    const dueToday = Math.round((proratedBeforeGst * 11) / 10);

    const listed = await optionsOf(billing.token, projectId);
    expect(listed.statusCode, listed.body).toBe(200);
    const options = listed.json<PlanChangeOptions>();
    expect(options).toMatchObject({ packageTitle: 'Starter', amountCents: 11_000, refusal: null });
    // Only the service's other monthly packages: not the current, the weekly or the one-off.
    expect(options.options.map((o) => o.packageTitle)).toEqual(['Growth', 'Scale']);
    const preview = options.options[0]!;
    expect(preview).toMatchObject({
      packageId: growth!.id,
      takesEffect: 'now',
      amountCents: 27_500,
      dueTodayCents: dueToday,
      dueTodayGstCents: dueToday - proratedBeforeGst,
      daysLeft,
      periodDays,
      nextChargeAt: nextChargeAt.toISOString(),
      nextChargeCents: 27_500,
    });

    // A preview that no longer holds is refused, and nothing is charged.
    const before = await stateOf(projectId);
    const stale = await change(billing.token, projectId, {
      packageId: growth!.id,
      expectedDueTodayCents: dueToday + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('The amount due today is now');
    expect(await stateOf(projectId)).toEqual(before);

    const res = await change(billing.token, projectId, {
      packageId: growth!.id,
      expectedDueTodayCents: dueToday,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Subscription>()).toMatchObject({
      _id: subscription.id,
      packageTitle: 'Growth',
      amountCents: 27_500,
      nextChargeAt: nextChargeAt.toISOString(),
      pendingChange: null,
    });

    // The charge is a payment of its own with its tax invoice, on the order and on Billing.
    const paid = (await call(owner.token, 'GET', `/api/projects/${projectId}/payments`)).json<
      ProjectPayment[]
    >();
    const charge = paid.find((p) => p.kind === 'plan_change')!;
    expect(charge).toMatchObject({
      amountCents: dueToday,
      gstCents: dueToday - proratedBeforeGst,
      status: 'succeeded',
    });
    const pdf = await call(billing.token, 'GET', charge.invoiceUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const billingPage = (await call(billing.token, 'GET', '/api/billing')).json<BillingOverview>();
    expect(billingPage.documents[0]).toMatchObject({
      kind: 'invoice',
      amountCents: dueToday,
      url: charge.invoiceUrl,
    });
    expect(billingPage.subscriptions).toMatchObject([
      { projectId, packageTitle: 'Growth', amountCents: 27_500, pendingChange: null },
    ]);
    const project = (await call(owner.token, 'GET', `/api/projects/${projectId}`)).json();
    expect(project.package.title).toBe('Growth');
    expect(project.money).toMatchObject({
      recurringCents: 27_500,
      chargedCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
    });

    const receipt = await outboxMail(app, config.dataDir, owner.user.email, 'changed to Growth');
    expect(receipt.text).toContain('from Starter to Growth');
    const [audit] = await auditEntries(app, projectId, 'subscription.plan_changed');
    expect(audit!.summary).toContain('Starter to Growth');
    expect(audit!.data).toMatchObject({ chargedCents: dueToday, paymentId: charge._id });
    const [payload] = await webhookPayloads(app, 'subscription.changed');
    const event = webhookPayloadSchema('subscription.changed').strict().parse(payload);
    expect(event.data).toMatchObject({
      projectId,
      package: 'Growth',
      previousPackage: 'Starter',
      amountCents: 27_500,
      proratedCents: dueToday,
      paymentId: charge._id,
      changedBy: 'customer',
    });
  });

  it("refuses a downgrade before the package's minimum term ends, and takes it after", async () => {
    const owner = await createUser(app, { firstName: 'Mina' });
    const res = await pay(
      app,
      owner.token,
      orderBody(retainer, { coordinatorId: cora.user.id, packageIndex: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const projectId = res.json<{ projectId: string }>().projectId;
    const small = retainer.packages[1]!;

    const early = await change(owner.token, projectId, { packageId: small.id });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(
      /^Big has a minimum term of 3 months, to \d{2} \w{3}, \d{4}: the plan can move to a cheaper package at its first renewal from that day\.$/,
    );
    expect(early.json().details).toEqual([
      { path: 'body.packageId', message: early.json().message },
    ]);
    expect((await stateOf(projectId)).subscription.pendingChange).toBeNull();

    // Two months on Big, the next renewal a month away: the term ends at that renewal.
    const now = Date.now();
    const started = new Date(now - 62 * DAY);
    await backdatePackage(app, projectId, started);
    const termEnd = new Date(started);
    termEnd.setUTCMonth(termEnd.getUTCMonth() + 3);
    await moveNextCharge(app, projectId, termEnd);
    const taken = await change(owner.token, projectId, { packageId: small.id });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await stateOf(projectId)).subscription.pendingChange).toMatchObject({
      packageId: small.id,
    });
  });

  it('moves a downgrade to the next renewal, which may be cancelled until then, and the renewal applies it', async () => {
    const owner = await createUser(app);
    const { projectId, subscription, nextChargeAt } = await plan(owner.token, 1);
    const paymentsBefore = (await stateOf(projectId)).payments.length;

    const listed = (await optionsOf(owner.token, projectId)).json<PlanChangeOptions>();
    expect(listed.options.find((o) => o.packageTitle === 'Starter')).toMatchObject({
      takesEffect: 'next-renewal',
      dueTodayCents: 0,
      amountCents: 11_000,
      nextChargeCents: 11_000,
    });
    const res = await change(owner.token, projectId, { packageId: starter!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Subscription>()).toMatchObject({
      packageTitle: 'Growth',
      amountCents: 27_500,
      pendingChange: {
        packageTitle: 'Starter',
        amountCents: 11_000,
        effectiveAt: nextChargeAt.toISOString(),
      },
    });
    expect((await stateOf(projectId)).payments).toHaveLength(paymentsBefore);

    // One change at a time: another waits until this one is cancelled.
    const second = await change(owner.token, projectId, { packageId: scale!.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/A change to Starter on .* is waiting/);
    expect((await optionsOf(owner.token, projectId)).json().refusal).toMatch(/is waiting/);

    const cancelled = await call(
      owner.token,
      'POST',
      `/api/projects/${projectId}/subscription/change/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Subscription>().pendingChange).toBeNull();
    expect(
      (await call(owner.token, 'POST', `/api/projects/${projectId}/subscription/change/cancel`))
        .statusCode,
    ).toBe(409);

    expect((await change(owner.token, projectId, { packageId: starter!.id })).statusCode).toBe(200);
    // The renewal comes: it charges the new amount and the plan is on Starter from then on.
    const due = new Date(Date.now() - 60_000);
    await moveNextCharge(app, projectId, due);
    const late = await call(
      owner.token,
      'POST',
      `/api/projects/${projectId}/subscription/change/cancel`,
    );
    expect(late.statusCode).toBe(409);
    const renew = paymentJobs(app, config, app.checkoutDeps).kinds![RENEWAL_JOB]!.run;
    await renew({ subscriptionId: subscription.id, period: due.toISOString() }, undefined!);

    const after = await stateOf(projectId);
    const renewal = after.payments.find((p) => p.kind === 'renewal')!;
    expect(renewal).toMatchObject({ amountCents: 11_000, gstCents: 1_000 });
    expect(renewal.lineItems[0]!.description).toContain('Social media: Starter, monthly fee');
    expect(after.subscription).toMatchObject({
      amountCents: 11_000,
      gstCents: 1_000,
      pendingChange: null,
    });
    expect(after.project).toMatchObject({
      packageTitle: 'Starter',
      packageRecurringCostCents: 10_000,
      recurringTotalWithGstCents: 11_000,
    });
  });

  it('prorates a yearly upgrade over the days of the actual year, to the cent, and only to another yearly package', async () => {
    const owner = await createUser(app);
    const res = await pay(
      app,
      owner.token,
      orderBody(yearlyService, { coordinatorId: cora.user.id, packageIndex: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const projectId = res.json<{ projectId: string }>().projectId;
    // The next charge at noon in Sydney 100 days from today there: 100 days left of the year.
    const [y, m, d] = new Date()
      .toLocaleDateString('en-CA', { timeZone: ZONE })
      .split('-')
      .map(Number);
    const nextChargeAt = new Date(Date.UTC(y!, m! - 1, d! + 100, 1, 0));
    const subscription = await moveNextCharge(app, projectId, nextChargeAt);
    expect(subscription.interval).toBe('yearly');
    const periodStart = new Date(nextChargeAt);
    periodStart.setUTCFullYear(periodStart.getUTCFullYear() - 1);
    const periodDays = sydneyDay(nextChargeAt) - sydneyDay(periodStart);
    // A year of 365 days, or 366 with a 29 February: $1,200.00 more a year for 100 of them is
    // $328.77 (or $327.87) before GST, $361.65 (or $360.66) with it.
    const dueToday = { 365: 36_165, 366: 36_066 }[periodDays];
    expect(dueToday).toBeDefined();

    const listed = await optionsOf(owner.token, projectId);
    expect(listed.statusCode, listed.body).toBe(200);
    const options = listed.json<PlanChangeOptions>();
    expect(options).toMatchObject({ interval: 'yearly', amountCents: 132_000, refusal: null });
    // The quarterly package is billed otherwise: not offered.
    expect(options.options.map((o) => o.packageTitle)).toEqual(['Care plus yearly']);
    expect(options.options[0]).toMatchObject({
      takesEffect: 'now',
      amountCents: 264_000,
      dueTodayCents: dueToday,
      daysLeft: 100,
      periodDays,
      nextChargeAt: nextChargeAt.toISOString(),
    });

    const quarterly = await change(owner.token, projectId, {
      packageId: yearlyService.packages[2]!.id,
    });
    expect(quarterly.statusCode).toBe(400);
    expect(quarterly.json().message).toBe(
      'Care quarterly is billed quarterly and this plan is billed yearly: choose a package billed yearly.',
    );

    const changed = await change(owner.token, projectId, {
      packageId: yearlyService.packages[1]!.id,
      expectedDueTodayCents: dueToday,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const payments = await call(owner.token, 'GET', `/api/projects/${projectId}/payments`);
    expect(payments.json<ProjectPayment[]>().map((p) => p.amountCents)).toContain(dueToday);
    const sub = await call(owner.token, 'GET', `/api/projects/${projectId}/subscription`);
    expect(sub.json<Subscription>()).toMatchObject({
      packageTitle: 'Care plus yearly',
      interval: 'yearly',
      amountCents: 264_000,
      nextChargeAt: nextChargeAt.toISOString(),
    });
    const receipt = await outboxMail(app, config.dataDir, owner.user.email, 'changed to');
    expect(receipt.text).toContain(', the plan is $2,640.00 AUD inc. GST every year.');
  });

  it('refuses a change to the same package, another service’s, a one-off, another interval, or of a cancelled plan, naming the field and saving nothing', async () => {
    const owner = await createUser(app);
    const { projectId } = await plan(owner.token, 0);
    const before = await stateOf(projectId);
    const cases: [object, number, string, RegExp][] = [
      [{ packageId: starter!.id }, 400, 'body.packageId', /on Starter already/],
      [
        { packageId: other.packages[0]!.id },
        400,
        'body.packageId',
        /another service: choose a package of Social media/,
      ],
      [{ packageId: oneOff!.id }, 400, 'body.packageId', /One-off audit is a one-time package/],
      [
        { packageId: weekly!.id },
        400,
        'body.packageId',
        /billed weekly and this plan is billed monthly/,
      ],
      [{ packageId: 'no-such-package' }, 400, 'body.packageId', /There is no such package/],
      [{ packageId: '' }, 400, 'body.packageId', /Choose the package to change to/],
      [{ packageId: growth!.id, waiveProration: true }, 403, 'body.waiveProration', /Only staff/],
    ];
    for (const [body, status, path, message] of cases) {
      const res = await change(owner.token, projectId, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(res.json().details).toEqual([expect.objectContaining({ path })]);
    }
    expect(await stateOf(projectId)).toEqual(before);

    await call(owner.token, 'POST', `/api/projects/${projectId}/subscription/cancel`);
    const cancelledBefore = await stateOf(projectId);
    const res = await change(owner.token, projectId, { packageId: growth!.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This subscription is cancelled, so its plan cannot change.');
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'subscription' })]);
    expect(await stateOf(projectId)).toEqual(cancelledBefore);
  });

  it('is for the company’s owners and billing people and for staff; staff may waive the charge', async () => {
    const owner = await createUser(app);
    const member = await createTeammate(app, owner.user, 'member');
    const stranger = await createUser(app);
    const otherCoordinator = await createUser(app, { role: 'co-ordinator' });
    const { projectId } = await plan(owner.token, 0);
    const before = await stateOf(projectId);

    expect((await change(null, projectId, { packageId: growth!.id })).statusCode).toBe(401);
    expect((await change(member.token, projectId, { packageId: growth!.id })).statusCode).toBe(403);
    expect((await optionsOf(member.token, projectId)).statusCode).toBe(403);
    for (const outsider of [stranger.token, otherCoordinator.token]) {
      expect((await change(outsider, projectId, { packageId: growth!.id })).statusCode).toBe(404);
      expect((await optionsOf(outsider, projectId)).statusCode).toBe(404);
    }
    expect(await stateOf(projectId)).toEqual(before);

    // Staff on Edit Sale: the change now, the prorated charge waived and audited.
    const res = await change(admin.token, projectId, {
      packageId: scale!.id,
      waiveProration: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Subscription>()).toMatchObject({ packageTitle: 'Scale', amountCents: 44_000 });
    const after = await stateOf(projectId);
    expect(after.payments).toHaveLength(before.payments.length);
    const [audit] = await auditEntries(app, projectId, 'subscription.plan_changed');
    expect(audit!.summary).toMatch(/by .+: Starter to Scale, .+ waived$/);
    expect(audit!.data).toMatchObject({ chargedCents: 0 });
    expect((audit!.data as { waivedCents: number }).waivedCents).toBeGreaterThan(0);
  });

  it('takes one of two changes made at once and charges once', async () => {
    const owner = await createUser(app);
    const billing = await createTeammate(app, owner.user, 'billing');
    const { projectId } = await plan(owner.token, 0);
    // Each confirms what their preview showed, as the dialog does.
    const due = (packageId: string) =>
      optionsOf(owner.token, projectId).then(
        (r) =>
          r.json<PlanChangeOptions>().options.find((o) => o.packageId === packageId)!.dueTodayCents,
      );
    const [growthDue, scaleDue] = await Promise.all([due(growth!.id), due(scale!.id)]);

    // While an upgrade's charge is with the provider, another change is refused.
    await holdPlanChange(app, projectId, new Date(Date.now() + 60_000));
    const held = await change(owner.token, projectId, {
      packageId: growth!.id,
      expectedDueTodayCents: growthDue,
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('Another change to this plan is under way');
    await holdPlanChange(app, projectId, null);

    const answers = await Promise.all([
      change(owner.token, projectId, { packageId: growth!.id, expectedDueTodayCents: growthDue }),
      change(billing.token, projectId, { packageId: scale!.id, expectedDueTodayCents: scaleDue }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await stateOf(projectId);
    expect(after.payments.filter((p) => p.kind === 'plan_change')).toHaveLength(1);
    const won = answers.find((a) => a.statusCode === 200)!.json<Subscription>();
    expect(after.project.packageTitle).toBe(won.packageTitle);
    expect(after.subscription!.planChangeLockedUntil).toBeNull();
  });
});
