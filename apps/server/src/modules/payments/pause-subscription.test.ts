import { describe, expect, it } from 'vitest';
import { addLocalDays, endOfLocalDay, localDate } from '@noise/shared/dates';
import type { Subscription } from '@noise/shared/payments';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import {
  auditEntries,
  backdatePause,
  moveNextCharge,
  planState,
  webhookPayloads,
} from '../../test/subscription-helpers.ts';
import { resumeEndedPauses } from './pause-subscription.ts';

/**
 * Pausing a plan (docs/product.md#pausing-a-plan, docs/decisions/106): no charge while paused,
 * the project on hold, and the next charge moved on by the time paused when it resumes.
 */
const { app, config } = await createTestApp();
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });
const ZONE = config.businessTimeZone;
const DAY = 86_400_000;

const pausable = await createServiceToOrder(app, {
  title: 'Social media',
  packages: [
    {
      title: 'Monthly',
      type: 'monthly',
      baseCostCents: 0,
      recurringCostCents: 30_000,
      clientsMayPause: true,
    },
  ],
  extras: [],
});
const staffOnly = await createServiceToOrder(app, {
  title: 'SEO',
  packages: [{ title: 'Ranked', type: 'monthly', baseCostCents: 0, recurringCostCents: 20_000 }],
  extras: [],
});

// Deliveries are recorded for this endpoint (nothing listens there).
const hook = await app.inject({
  method: 'POST',
  url: '/api/webhooks',
  headers: bearer(admin.token),
  payload: {
    url: 'http://127.0.0.1:9/hooks',
    events: ['subscription.paused', 'subscription.resumed', 'project.status_changed'],
  },
});
expect(hook.statusCode, hook.body).toBe(201);

async function plan(token: string, fixture = pausable) {
  const res = await pay(app, token, orderBody(fixture, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string }>().projectId;
}

const post = (token: string, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const pause = (token: string, projectId: string, until: string | null = null) =>
  post(token, `/api/projects/${projectId}/subscription/pause`, { until });
const resume = (token: string, projectId: string) =>
  post(token, `/api/projects/${projectId}/subscription/resume`);
const today = () => localDate(new Date(), ZONE);

describe('pausing a plan', () => {
  it('lets the client pause until a day: no charge, the project on hold, and told by webhook', async () => {
    const owner = await createUser(app);
    const projectId = await plan(owner.token);
    const until = addLocalDays(today(), 10);
    const recurring = async () =>
      (await app.inject({ url: '/api/reports/recurring', headers: bearer(admin.token) })).json<{
        monthly: { cents: number; paused: { plans: number; cents: number } };
      }>().monthly;
    const before = await recurring();
    const paused = await pause(owner.token, projectId, until);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Subscription>()).toMatchObject({
      status: 'paused',
      pausedUntil: until,
      pausedAt: expect.any(String),
      clientsMayPause: true,
    });
    const state = await planState(app, projectId);
    expect(state.project.status).toBe('on-hold');
    expect(state.project.heldSince).not.toBeNull();
    const events = (await webhookPayloads(app, 'subscription.paused')) as {
      data: { projectId: string; pausedUntil: string; pausedBy: string; status: string };
    }[];
    expect(events.find((e) => e.data.projectId === projectId)?.data).toMatchObject({
      pausedUntil: until,
      pausedBy: 'customer',
      status: 'paused',
    });
    // Reporting's monthly recurring revenue leaves it out and counts it as paused: $330.00.
    const after = await recurring();
    expect(before.cents - after.cents).toBe(33_000);
    expect(after.paused.plans - before.paused.plans).toBe(1);
    expect(after.paused.cents - before.paused.cents).toBe(33_000);
    const [entry] = await auditEntries(app, projectId, 'subscription.paused');
    expect(entry!.summary).toContain('paused until');

    // Its renewal comes due while paused: nothing is charged.
    await moveNextCharge(app, projectId, new Date(Date.now() - 60_000));
    await app.jobRunner.runDueJobs();
    expect((await planState(app, projectId)).payments.filter((p) => p.kind === 'renewal')).toEqual(
      [],
    );
  });

  it('refuses what cannot be paused, naming why, and changes nothing', async () => {
    const owner = await createUser(app);
    const member = await createTeammate(app, owner.user, 'member');
    const billing = await createTeammate(app, owner.user, 'billing');
    const stranger = await createUser(app);
    const projectId = await plan(owner.token);
    const seoId = await plan(owner.token, staffOnly);

    expect((await pause(member.token, projectId)).statusCode).toBe(403);
    expect((await pause(stranger.token, projectId)).statusCode).toBe(404);
    const notAllowed = await pause(owner.token, seoId);
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().message).toContain('please ask us to pause it');
    const past = await pause(owner.token, projectId, today());
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([
      { path: 'until', message: 'The day to resume must be after today.' },
    ]);
    const far = await pause(owner.token, projectId, addLocalDays(today(), 200));
    expect(far.statusCode).toBe(400);
    expect(far.json().details[0].path).toBe('until');
    expect((await resume(owner.token, projectId)).statusCode).toBe(409);
    expect((await planState(app, projectId)).subscription.status).toBe('active');

    // A billing person may; twice at once make one pause.
    const [a, b] = await Promise.all([
      pause(billing.token, projectId),
      pause(owner.token, projectId),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      'This subscription is paused already.',
    );
    const changing = await post(owner.token, `/api/projects/${projectId}/subscription/change`, {
      packageId: pausable.packages[0]!.id,
      idempotencyKey: 'pause-test-change',
    });
    expect(changing.statusCode).toBe(409);
    expect(changing.json().message).toBe(
      'This subscription is paused: resume it before changing the plan.',
    );
  });

  it('resumes by staff with the next charge moved on by the time paused, and the project off hold', async () => {
    const owner = await createUser(app);
    const projectId = await plan(owner.token);
    const before = (await planState(app, projectId)).subscription.nextChargeAt;
    expect((await pause(admin.token, projectId)).json<Subscription>()).toMatchObject({
      status: 'paused',
      pausedUntil: null,
    });
    await backdatePause(app, projectId, 10 * DAY);
    const resumed = await resume(admin.token, projectId);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const body = resumed.json<Subscription>();
    expect(body).toMatchObject({ status: 'active', pausedAt: null, pausedUntil: null });
    const moved = new Date(body.nextChargeAt!).getTime() - before.getTime();
    expect(moved).toBeGreaterThanOrEqual(10 * DAY);
    expect(moved).toBeLessThan(10 * DAY + 60_000);
    expect((await planState(app, projectId)).project).toMatchObject({
      status: 'active',
      heldSince: null,
    });
    const events = (await webhookPayloads(app, 'subscription.resumed')) as {
      data: { projectId: string; resumedBy: string; nextChargeAt: string };
    }[];
    expect(events.find((e) => e.data.projectId === projectId)?.data).toMatchObject({
      resumedBy: 'staff',
      nextChargeAt: body.nextChargeAt,
    });
  });

  it('resumes by itself on its day, counting the pause to the start of that day', async () => {
    const owner = await createUser(app);
    const projectId = await plan(owner.token);
    const before = (await planState(app, projectId)).subscription.nextChargeAt;
    const until = addLocalDays(today(), 3);
    expect((await pause(owner.token, projectId, until)).statusCode).toBe(200);
    const pausedAt = (await planState(app, projectId)).subscription.pausedAt!;
    const deps = { repos: testRepositories(app), timeZone: ZONE };
    // Not yet: the day before.
    const dayBefore = endOfLocalDay(addLocalDays(until, -1), ZONE);
    expect(await resumeEndedPauses({ ...deps, now: () => dayBefore })).toBe(0);
    const onTheDay = new Date(dayBefore.getTime() + 6 * 3600_000);
    expect(await resumeEndedPauses({ ...deps, now: () => onTheDay })).toBeGreaterThanOrEqual(1);
    const { subscription } = await planState(app, projectId);
    expect(subscription.status).toBe('active');
    const startOfDay = dayBefore.getTime() + 1;
    expect(subscription.nextChargeAt.getTime()).toBe(
      before.getTime() + (startOfDay - pausedAt.getTime()),
    );
  });
});
