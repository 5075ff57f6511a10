import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, projects } from '../../db/schema.ts';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { createOrder, form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { createDailySummaryScheduler, DAILY_SUMMARY_JOB } from './daily-summary.ts';

// The app's own job runner queues summaries on its clock: fixed to 09:00 that Tuesday in Sydney,
// so the mail below does not depend on when the test runs.
const { app, config } = await createTestApp({}, { now: () => new Date('2026-11-23T22:00:00Z') });
const db = app.database.db;
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'One' });
const otto = await createUser(app, { role: 'co-ordinator', firstName: 'Otto', lastName: 'Two' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });

async function project(title: string, coordinatorId: string, due: string) {
  const row = await createOrder(app, { userId: jane.user.id, title, coordinatorId });
  const brief = await sendForm(
    app,
    jane.token,
    'POST',
    `/api/projects/${row.id}/brief`,
    form({ text: 'Goals' }, []),
  );
  expect(brief.statusCode).toBe(201);
  await db
    .update(projects)
    .set({ expectedDeliveryDate: new Date(due) })
    .where(eq(projects.id, row.id));
  return row;
}
// 'Today' below is Tuesday 24 November 2026 in Sydney.
await project('Late audit', cora.user.id, '2026-11-20');
await project('Logo today', cora.user.id, '2026-11-24');
await project('Site next month', cora.user.id, '2026-12-20');
await project("Otto's late one", otto.user.id, '2026-11-19');

const settings = (token: string, email?: Record<string, boolean>) =>
  app.inject({
    method: email ? 'PUT' : 'GET',
    url: '/api/notifications/settings',
    headers: bearer(token),
    ...(email ? { payload: { email } } : {}),
  });
const queued = (memberId: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, DAILY_SUMMARY_JOB), like(jobs.uniqueKey, `%${memberId}%`)));

describe('the daily summary', () => {
  it('is off by default, a setting staff turn on and customers do not have', async () => {
    expect((await settings(cora.token)).json().email['daily-summary']).toBe(false);
    const on = await settings(cora.token, { 'daily-summary': true });
    expect(on.json().email['daily-summary']).toBe(true);
    // Turning another kind off keeps it on.
    const other = await settings(cora.token, { 'daily-summary': true, 'new-order': false });
    expect(other.json().email).toMatchObject({ 'daily-summary': true, 'new-order': false });
    const customer = await settings(jane.token, { 'daily-summary': true });
    expect(customer.json().email).not.toHaveProperty('daily-summary');
  });

  it('is queued once a working day from 07:00, only for those who want it', async () => {
    const schedule = createDailySummaryScheduler(testRepositories(app), config.businessTimeZone);
    await schedule(new Date('2026-11-23T19:30:00Z')); // 06:30 Tuesday in Sydney
    expect(await queued(cora.user.id)).toHaveLength(0);
    await schedule(new Date('2026-11-23T20:30:00Z')); // 07:30
    await schedule(new Date('2026-11-23T22:00:00Z')); // 09:00, again
    // A second process (its own memory) does not queue it twice either.
    await createDailySummaryScheduler(
      testRepositories(app),
      config.businessTimeZone,
    )(new Date('2026-11-23T22:00:00Z'));
    expect(await queued(cora.user.id)).toHaveLength(1);
    expect(await queued(otto.user.id)).toHaveLength(0);
    // Saturday: none.
    await schedule(new Date('2026-11-27T22:00:00Z'));
    expect(await queued(cora.user.id)).toHaveLength(1);
  });

  it('mails the overdue and due-today work, each with its link, and nothing later', async () => {
    const mail = await outboxMail(app, config.dataDir, cora.user.email, 'Your work today');
    expect(mail.subject).toBe('Your work today: 1 overdue, 1 due today');
    expect(mail.text).toContain('Overdue by 4 days: Order');
    expect(mail.text).toMatch(/Overdue by 4 days: Order \d+, Late audit\n/);
    expect(mail.text).toContain('Due today: Order');
    expect(mail.text).toContain('/wkm-dashboard/sales/edit/');
    expect(mail.text).not.toContain('Site next month');
    expect(mail.text).not.toContain("Otto's");
  });
});
