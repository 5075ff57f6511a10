import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyWork } from '@noise/shared/my-work';
import { auditLog, notifications, projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createOrder, form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';

// Noon in Sydney on Tuesday 24 November 2026: 'today' is 2026-11-24 in the business time zone.
const { app } = await createTestApp({}, { now: () => new Date('2026-11-24T01:00:00Z') });
const db = app.database.db;
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'One' });
const otto = await createUser(app, { role: 'co-ordinator', firstName: 'Otto', lastName: 'Two' });
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });

async function project(
  title: string,
  values: { coordinatorId: string; due?: string; status?: string; briefed?: boolean },
) {
  const row = await createOrder(app, { userId: jane.user.id, title });
  await db
    .update(projects)
    .set({ coordinatorId: values.coordinatorId })
    .where(eq(projects.id, row.id));
  if (values.briefed !== false) {
    const brief = await sendForm(
      app,
      jane.token,
      'POST',
      `/api/projects/${row.id}/brief`,
      form({ text: 'Our goals' }, []),
    );
    expect(brief.statusCode).toBe(201);
  }
  // The date the test needs, over the one the brief counted.
  await db
    .update(projects)
    .set({
      status: values.status ?? 'active',
      expectedDeliveryDate: values.due ? new Date(values.due) : null,
    })
    .where(eq(projects.id, row.id));
  return row;
}

const late = await project('Late audit', { coordinatorId: cora.user.id, due: '2026-11-22' });
const soon = await project('Soon logo', { coordinatorId: cora.user.id, due: '2026-11-27' });
const today = await project('Today post', { coordinatorId: cora.user.id, due: '2026-11-24' });
const far = await project('Far site', { coordinatorId: cora.user.id, due: '2027-01-15' });
const undated = await project('Undated ads', { coordinatorId: cora.user.id });
const noBrief = await project('No brief yet', {
  coordinatorId: cora.user.id,
  due: '2026-11-20',
  briefed: false,
});
await project('Done already', { coordinatorId: cora.user.id, status: 'completed' });
const ottos = await project("Otto's work", { coordinatorId: otto.user.id, due: '2026-11-25' });

const myWork = (token: string, member?: string) =>
  app.inject({
    url: `/api/my-work${member ? `?member=${member}` : ''}`,
    headers: bearer(token),
  });

describe('My Work', () => {
  it("lists a co-ordinator's open projects by what is due, and what waits for the customer", async () => {
    // A deliverable waiting for Jane's word puts the soon one in 'waiting'.
    const sent = await sendForm(
      app,
      cora.token,
      'POST',
      `/api/projects/${soon.id}/messages`,
      form({ text: 'Logo', deliverable: 'Logo' }, [
        { field: 'attachments', fixture: 'sample.pdf', filename: 'logo.pdf' },
      ]),
    );
    expect(sent.statusCode).toBe(201);
    // Jane writes on the late one: one unread for Cora.
    await sendForm(
      app,
      jane.token,
      'POST',
      `/api/projects/${late.id}/messages`,
      form({ text: 'Any news?' }, []),
    );

    const res = await myWork(cora.token);
    expect(res.statusCode).toBe(200);
    const work = res.json<MyWork>();
    expect(work.member).toBe(cora.user.id);
    const byId = new Map(work.items.map((item) => [item.projectId, item]));
    expect(byId.get(late.id)).toMatchObject({
      group: 'overdue',
      dueDate: '2026-11-22',
      dueInDays: -2,
      unread: 1,
      assigneeName: 'Cora One',
    });
    expect(byId.get(today.id)).toMatchObject({ group: 'due-this-week', dueInDays: 0 });
    expect(byId.get(soon.id)).toMatchObject({ group: 'waiting', waitingFor: 'approval' });
    expect(byId.get(noBrief.id)).toMatchObject({ group: 'waiting', waitingFor: 'brief' });
    expect(byId.get(far.id)).toMatchObject({ group: 'later', dueInDays: 52 });
    expect(byId.get(undated.id)).toMatchObject({ group: 'later', dueDate: null, dueInDays: null });
    // Closed projects and other members' work are not on it.
    expect(work.items).toHaveLength(6);
    expect(byId.has(ottos.id)).toBe(false);
  });

  it("shows a co-ordinator only their own; an admin anyone's, or everyone's", async () => {
    const refused = await myWork(cora.token, otto.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can see your own work only');
    expect((await myWork(cora.token, 'everyone')).statusCode).toBe(403);

    const ottoAsAdmin = (await myWork(admin.token, otto.user.id)).json<MyWork>();
    expect(ottoAsAdmin.items.map((i) => i.projectId)).toEqual([ottos.id]);
    const everyone = (await myWork(admin.token, 'everyone')).json<MyWork>();
    expect(everyone.items.map((i) => i.projectId)).toEqual(
      expect.arrayContaining([ottos.id, late.id]),
    );
    // Customers and signed-out callers are refused before anything is read.
    expect((await myWork(jane.token)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/my-work' })).statusCode).toBe(401);
  });

  it('moves a reassigned project to the new member, who is told, and records who did it', async () => {
    const moved = await project('Moving job', { coordinatorId: cora.user.id, due: '2026-11-26' });
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${moved.id}`,
      headers: bearer(admin.token),
      payload: { coordinatorId: otto.user.id },
    });
    expect(patch.statusCode).toBe(200);
    await app.afterAnswer.drain();
    const ids = async (token: string) =>
      (await myWork(token)).json<MyWork>().items.map((i) => i.projectId);
    expect(await ids(otto.token)).toContain(moved.id);
    expect(await ids(cora.token)).not.toContain(moved.id);
    const bells = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, otto.user.id), eq(notifications.kind, 'project-assigned')),
      );
    expect(bells.map((b) => b.title)).toEqual([
      `Assigned to you: Order ${moved.orderNumber}, Moving job`,
    ]);
    const trail = await db.select().from(auditLog).where(eq(auditLog.entityId, moved.id));
    expect(trail.map((e) => [e.actorName, e.action, e.summary])).toContainEqual([
      'Ada Admin',
      'project.reassigned',
      `Order ${moved.orderNumber} assigned to Otto Two (was Cora One)`,
    ]);
  });
});
