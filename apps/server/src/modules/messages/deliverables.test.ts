import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { MessageThread } from '@noise/shared/messages';
import { auditLog, deliverables, jobs, notifications, projectMessages } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createOrder, form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { MESSAGE_MAIL_JOB } from '../notifications/message-mail.ts';

const { app, config } = await createTestApp({ messageMailDelayMs: 0 });

/** Every mail sent to `to` so far (DATA_DIR/outbox), parsed, after running the due jobs. */
async function mailsTo(to: string) {
  await app.jobRunner.runDueJobs();
  await app.jobRunner.runDueJobs();
  const dir = path.join(config.dataDir, 'outbox');
  const mails = await Promise.all(
    (existsSync(dir) ? readdirSync(dir).sort() : [])
      .filter((file) => file.endsWith('.eml'))
      .map((file) => simpleParser(readFileSync(path.join(dir, file)))),
  );
  return mails.filter((mail) =>
    [mail.to ?? []].flat().some((a) => a.value.some((v) => v.address === to)),
  );
}
const db = app.database.db;
const team = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Team' });
const jane = await createUser(app, { firstName: 'Jane', lastName: 'Citizen' });
const mallory = await createUser(app, { firstName: 'Mal', lastName: 'Other' });

const newProject = () =>
  createOrder(app, { userId: jane.user.id, title: 'Logo Design', coordinatorId: team.user.id });

const deliver = (token: string, projectId: string, fields: Record<string, string>, files = 1) =>
  sendForm(
    app,
    token,
    'POST',
    `/api/projects/${projectId}/messages`,
    form(
      fields,
      Array.from({ length: files }, (_, i) => ({
        field: 'attachments',
        fixture: 'sample.pdf',
        filename: `logo-${i + 1}.pdf`,
      })),
    ),
  );
const thread = async (token: string, projectId: string) =>
  (
    await app.inject({ url: `/api/projects/${projectId}/messages`, headers: bearer(token) })
  ).json<MessageThread>();
const decide = (token: string, projectId: string, deliverableId: string, changes?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/deliverables/${deliverableId}/${changes === undefined ? 'approve' : 'changes'}`,
    headers: bearer(token),
    ...(changes === undefined ? {} : { payload: { text: changes } }),
  });

describe('deliverables', () => {
  it('go from the team to the customer, who asks for changes and approves the next version', async () => {
    const project = await newProject();
    const first = await deliver(team.token, project.id, {
      text: 'The first logo.',
      deliverable: 'Logo',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().deliverable).toMatchObject({ name: 'Logo', version: 1 });

    let seen = await thread(jane.token, project.id);
    expect(seen.deliverables).toEqual([
      expect.objectContaining({
        name: 'Logo',
        version: 1,
        state: 'awaiting',
        sentBy: 'Cora Team',
        decision: null,
        files: [expect.objectContaining({ name: 'logo-1.pdf' })],
      }),
    ]);
    const v1 = seen.deliverables[0]!._id;

    // The team cannot decide for the customer; another customer cannot see it.
    expect((await decide(team.token, project.id, v1)).statusCode).toBe(403);
    expect((await decide(mallory.token, project.id, v1)).statusCode).toBe(404);
    expect((await decide(mallory.token, project.id, v1, 'no')).statusCode).toBe(404);

    // Changes, said in a message of the customer's.
    const empty = await decide(jane.token, project.id, v1, '   ');
    expect(empty.statusCode).toBe(400);
    const changes = await decide(jane.token, project.id, v1, 'A darker blue, please.');
    expect(changes.statusCode).toBe(201);
    expect(changes.json()).toMatchObject({
      deliverable: {
        state: 'changes-requested',
        decision: { kind: 'changes-requested', byName: 'Jane Citizen' },
      },
      message: {
        side: 'customer',
        text: 'Changes requested to Logo (version 1):\nA darker blue, please.',
      },
    });
    // Once is enough: a second word on the same version changes nothing.
    const again = await decide(jane.token, project.id, v1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already asked for changes to Logo (version 1)');

    // Version 2 supersedes version 1 ('logo' is the same deliverable).
    const second = await deliver(team.token, project.id, {
      text: 'Darker.',
      deliverable: 'logo ',
    });
    expect(second.json().deliverable).toMatchObject({ version: 2 });
    seen = await thread(jane.token, project.id);
    expect(seen.deliverables.map((d) => [d.version, d.state])).toEqual([
      [1, 'superseded'],
      [2, 'awaiting'],
    ]);
    expect(seen.deliverables[0]!.decision?.kind).toBe('changes-requested');
    const v2 = seen.deliverables[1]!._id;
    // The superseded version cannot be approved any more.
    const stale = await decide(jane.token, project.id, v1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('A newer version of Logo was sent: look at version 2');

    const approved = await decide(jane.token, project.id, v2);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().deliverable).toMatchObject({
      state: 'approved',
      decision: { kind: 'approved', byName: 'Jane Citizen' },
    });
    // Staff read the same states on the sale.
    const staffView = await thread(team.token, project.id);
    expect(staffView.deliverables.map((d) => d.state)).toEqual(['superseded', 'approved']);

    // Recorded with who and when, and the team is told.
    await app.afterAnswer.drain();
    const trail = await db.select().from(auditLog).where(eq(auditLog.entityId, project.id));
    expect(trail.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'Jane Citizen asked for changes to Logo (version 1)',
        'Jane Citizen approved Logo (version 2)',
      ]),
    );
    const bells = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, team.user.id), eq(notifications.kind, 'deliverable-review')),
      );
    expect(bells.map((b) => b.title)).toEqual(
      expect.arrayContaining([
        `Jane Citizen approved Logo (version 2) on Order ${project.orderNumber}`,
      ]),
    );
  });

  it('refuses a deliverable without files, a name or from a customer, and keeps nothing', async () => {
    const project = await newProject();
    const count = async () =>
      (await db.select().from(projectMessages).where(eq(projectMessages.projectId, project.id)))
        .length;
    const noFiles = await deliver(team.token, project.id, { text: 'x', deliverable: 'Logo' }, 0);
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json().message).toBe('Attach the files of the deliverable');
    const noName = await deliver(team.token, project.id, { text: 'x', deliverable: ' ' });
    expect(noName.json().message).toBe('Name the deliverable, for example Logo');
    const asNote = await deliver(team.token, project.id, {
      text: 'x',
      deliverable: 'Logo',
      internal: 'true',
    });
    expect(asNote.statusCode).toBe(400);
    const fromCustomer = await deliver(jane.token, project.id, { text: 'x', deliverable: 'Logo' });
    expect(fromCustomer.statusCode).toBe(400);
    expect(fromCustomer.json().message).toBe('Only the team can send deliverables');
    expect(await count()).toBe(0);
    expect(
      await db.select().from(deliverables).where(eq(deliverables.projectId, project.id)),
    ).toEqual([]);
  });
});

describe('message emails', () => {
  it('send five messages in a minute as one email, and none for a note', async () => {
    const project = await newProject();
    for (let i = 1; i <= 5; i++) {
      const res = await sendForm(
        app,
        team.token,
        'POST',
        `/api/projects/${project.id}/messages`,
        form({ text: `Update number ${i}` }, []),
      );
      expect(res.statusCode).toBe(201);
    }
    await sendForm(
      app,
      team.token,
      'POST',
      `/api/projects/${project.id}/messages`,
      form({ text: 'Team only', internal: 'true' }, []),
    );
    await app.afterAnswer.drain();
    const batches = (await db.select().from(jobs).where(eq(jobs.kind, MESSAGE_MAIL_JOB))).filter(
      (j) => j.uniqueKey?.includes(project.id),
    );
    expect(batches).toHaveLength(1);
    const mails = (await mailsTo(jane.user.email)).filter((m) => m.text?.includes('Update number'));
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? '';
    for (let i = 1; i <= 5; i++) expect(text).toContain(`Update number ${i}`);
    expect(text).not.toContain('Team only');
    expect(mails[0]?.subject).toBe(
      `New message on Order ${project.orderNumber}: Logo Design (and 4 more)`,
    );

    // The next message, after that email went, starts a new one.
    await sendForm(
      app,
      team.token,
      'POST',
      `/api/projects/${project.id}/messages`,
      form({ text: 'Update number 6' }, []),
    );
    await app.afterAnswer.drain();
    const later = (await mailsTo(jane.user.email)).filter((m) =>
      m.text?.includes('Update number 6'),
    );
    expect(later).toHaveLength(1);
    expect(later[0]?.text).not.toContain('Update number 5');
  });

  it('respects a customer who turned message emails off', async () => {
    const quiet = await createUser(app, { firstName: 'Quinn', lastName: 'Quiet' });
    const project = await createOrder(app, {
      userId: quiet.user.id,
      title: 'Logo Design',
      coordinatorId: team.user.id,
    });
    const off = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(quiet.token),
      payload: { email: { 'new-message': false } },
    });
    expect(off.statusCode).toBe(200);
    await sendForm(
      app,
      team.token,
      'POST',
      `/api/projects/${project.id}/messages`,
      form({ text: 'Hello Quinn' }, []),
    );
    await app.afterAnswer.drain();
    await app.jobRunner.runDueJobs();
    const mails = (await db.select().from(jobs)).filter((j) => j.payload.to === quiet.user.email);
    expect(mails).toEqual([]);
  });
});
