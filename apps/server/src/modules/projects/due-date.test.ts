import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, projects, services } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
  signQuote,
} from '../../test/order-factories.ts';

// 10:00 in Sydney on Tuesday 24 November 2026.
let now = new Date('2026-11-23T23:00:00Z');
const { app } = await createTestApp({}, { now: () => now });
const db = app.database.db;
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'One' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });

const audit = await createServiceToOrder(app, { title: 'Site audit' });
await db.update(services).set({ deliveryDays: 3 }).where(eq(services.id, audit.service.id));

async function order() {
  const res = await pay(app, jane.token, orderBody(audit, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string }>().projectId;
}
const brief = (projectId: string) =>
  sendForm(
    app,
    jane.token,
    'POST',
    `/api/projects/${projectId}/brief`,
    form({ text: 'Goals' }, []),
  );
const patch = (projectId: string, payload: object) =>
  app.inject({
    method: 'PATCH',
    url: `/api/projects/${projectId}`,
    headers: bearer(cora.token),
    payload,
  });
const row = async (projectId: string) =>
  (await db.select().from(projects).where(eq(projects.id, projectId)))[0]!;
const dueDay = async (projectId: string) =>
  (await row(projectId)).expectedDeliveryDate?.toISOString().slice(0, 10) ?? null;

describe('due dates in working days', () => {
  it('count from the brief, in working days of the service, weekends skipped', async () => {
    const projectId = await order();
    expect((await row(projectId)).deliveryDays).toBe(3);
    // Paid, no brief yet: no due date.
    expect(await dueDay(projectId)).toBeNull();
    now = new Date('2026-11-26T23:00:00Z'); // Friday 27 November in Sydney
    expect((await brief(projectId)).statusCode).toBe(201);
    // Friday + 3 working days: Wednesday 2 December.
    expect(await dueDay(projectId)).toBe('2026-12-02');
    // A second brief entry does not restart the count.
    now = new Date('2026-11-30T23:00:00Z');
    expect((await brief(projectId)).statusCode).toBe(201);
    expect(await dueDay(projectId)).toBe('2026-12-02');
    // The customer sees it on the project.
    const seen = await app.inject({
      url: `/api/projects/${projectId}`,
      headers: bearer(jane.token),
    });
    expect(seen.json().expectedDeliveryDate.slice(0, 10)).toBe('2026-12-02');
  });

  it('stop while the project is on hold and move on by the working days it was held', async () => {
    const projectId = await order();
    now = new Date('2026-11-23T23:00:00Z'); // Tuesday 24th
    await brief(projectId);
    expect(await dueDay(projectId)).toBe('2026-11-27');
    expect((await patch(projectId, { status: 'on-hold' })).statusCode).toBe(200);
    expect((await row(projectId)).heldSince?.toISOString()).toBe(now.toISOString());
    now = new Date('2026-11-30T23:00:00Z'); // Tuesday 1 December: 5 working days later
    expect((await patch(projectId, { status: 'active' })).statusCode).toBe(200);
    expect(await dueDay(projectId)).toBe('2026-12-04');
    expect((await row(projectId)).heldSince).toBeNull();
  });

  it('are overridden by staff only with a reason, which is logged and survives the brief', async () => {
    const projectId = await order();
    const before = await row(projectId);
    const bare = await patch(projectId, { expectedDeliveryDate: '2026-12-18' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Say why the due date changes');
    expect(await row(projectId)).toEqual(before);
    const moved = await patch(projectId, {
      expectedDeliveryDate: '2026-12-18',
      dueChangeReason: 'The customer asked for it after their launch',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().expectedDeliveryDate.slice(0, 10)).toBe('2026-12-18');
    await brief(projectId);
    expect(await dueDay(projectId)).toBe('2026-12-18');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, projectId), eq(auditLog.action, 'project.due_date_overridden')),
      );
    expect(entry).toMatchObject({
      actorName: 'Cora One',
      data: {
        from: 'none',
        to: '2026-12-18',
        reason: 'The customer asked for it after their launch',
      },
    });
  });

  it('come from the custom quote when a quote is paid', async () => {
    const quote = await createQuote(app, { accepted: false });
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote.id}`,
      headers: bearer((await createUser(app, { role: 'admin' })).token),
      payload: { name: quote.name, value: quote.valueCents / 100, deliveryDays: 15 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().deliveryDays).toBe(15);
    await signQuote(app, quote.id, jane.token);
    const paid = await pay(app, jane.token, quoteBody(quote, { coordinatorId: cora.user.id }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await row(paid.json().projectId)).deliveryDays).toBe(15);
  });

  it('refuses a delivery time that is not a whole number of working days', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const quote = await createQuote(app);
    for (const deliveryDays of [0, 2.5, 'soon', 400]) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/quotes/${quote.id}`,
        headers: bearer(admin.token),
        payload: { name: quote.name, value: 100, deliveryDays },
      });
      expect(res.statusCode, String(deliveryDays)).toBe(400);
      expect(res.body).toContain('working days');
    }
  });
});
