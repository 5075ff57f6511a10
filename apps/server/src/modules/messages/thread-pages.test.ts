import { describe, expect, it } from 'vitest';
import type { InboxItem, MessageThread } from '@noise/shared/messages';
import type { Question, QuestionSummary } from '@noise/shared/questions';
import { createTestApp } from '../../test/app.ts';
import { createOrder, form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  changeMessageByText,
  deleteMessageByText,
  fillThread,
  recountThread,
  recountUnread,
} from '../../test/message-recounts.ts';

// Threads open in pages, newest first (docs/decisions/084), and unread counts are the thread's
// counts less what each read mark saw (migration 0035): every count must equal a recount of the
// messages after the reader's read mark, as the inbox counted them before.
const { app } = await createTestApp({ messageMailDelayMs: 0 });
const db = app.database.db;
const admin = await createUser(app, { role: 'admin', firstName: 'Ada' });
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora' });
const jane = await createUser(app, { firstName: 'Jane' });

const newProject = () =>
  createOrder(app, { userId: jane.user.id, title: 'Logo Design', coordinatorId: cora.user.id });
const get = (token: string, url: string) => app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string, fields: Record<string, string>) =>
  sendForm(app, token, 'POST', url, form(fields, []));

/** The thread, page by page from the newest, as the caller reads it (oldest first). */
async function allPages(token: string, path: string, limit?: number) {
  const pages: { messages: { _id: string; internal: boolean }[]; olderCursor: string | null }[] =
    [];
  let before: string | null = null;
  do {
    const query = new URLSearchParams();
    if (before) query.set('before', before);
    if (limit) query.set('limit', String(limit));
    const res = await get(token, `${path}?${query.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<MessageThread | Question>();
    pages.push(page);
    before = page.olderCursor;
  } while (before);
  return pages;
}

async function expectCountsExact(projectIds: string[], questionIds: string[]) {
  const inProjects = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).filter(([id]) => projectIds.includes(id)));
  // The customer's 'new' per project.
  const customer = (await get(jane.token, '/api/messages/unread')).json<Record<string, number>>();
  expect(inProjects(customer), 'customer').toEqual(
    inProjects(await recountUnread(db, jane.user.id, false, 'project_id')),
  );
  // The staff Inbox, the admin's (every project) and the co-ordinator's (their own).
  for (const staff of [admin, cora]) {
    const items = (await get(staff.token, '/api/messages/inbox')).json<InboxItem[]>();
    expect(
      inProjects(Object.fromEntries(items.map((i) => [i.projectId, i.unread]))),
      'inbox',
    ).toEqual(inProjects(await recountUnread(db, staff.user.id, true, 'project_id')));
  }
  // Questions, as the customer and as the team read them.
  for (const [person, team] of [
    [jane, false],
    [admin, true],
  ] as const) {
    const listed = (await get(person.token, '/api/questions')).json<QuestionSummary[]>();
    const expected = await recountUnread(db, person.user.id, team, 'question_id');
    for (const id of questionIds) {
      expect(listed.find((q) => q._id === id)?.unread, `question for ${person.user.id}`).toBe(
        expected[id] ?? 0,
      );
    }
  }
}

describe('a thread in pages', () => {
  it('opens at the newest messages and goes back page by page, notes for the team only', async () => {
    const project = await newProject();
    await fillThread(db, project.id, 130);
    const path = `/api/projects/${project.id}/messages`;

    const first = (await get(jane.token, path)).json<MessageThread>();
    expect(first.messages).toHaveLength(50);
    const customerSees = await recountThread(db, 'project_id', project.id, false);
    expect(first.messages.map((m) => m._id)).toEqual(customerSees.slice(-50));
    expect(first.olderCursor).not.toBeNull();

    const pages = await allPages(jane.token, path);
    expect(pages.map((p) => p.messages.length)).toEqual([50, 50, customerSees.length - 100]);
    const customerRead = pages.reverse().flatMap((p) => p.messages);
    expect(customerRead.map((m) => m._id)).toEqual(customerSees);
    expect(customerRead.some((m) => m.internal)).toBe(false);

    const teamRead = (await allPages(cora.token, path, 40)).reverse().flatMap((p) => p.messages);
    expect(teamRead.map((m) => m._id)).toEqual(
      await recountThread(db, 'project_id', project.id, true),
    );
    expect(teamRead.filter((m) => m.internal)).toHaveLength(26);

    expect((await get(jane.token, `${path}?before=not-a-cursor`)).statusCode).toBe(400);
    expect((await get(jane.token, `${path}?limit=101`)).statusCode).toBe(400);
  });

  it('pages a general question the same way', async () => {
    const asked = await post(jane.token, '/api/questions', { text: 'First' });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<Question>()._id;
    for (let i = 0; i < 7; i++) {
      await post(i % 2 ? jane.token : admin.token, `/api/questions/${id}/messages`, {
        text: `Reply ${i}`,
        ...(i === 2 ? { internal: 'true' } : {}),
      });
    }
    const pages = await allPages(jane.token, `/api/questions/${id}`, 3);
    expect(pages.map((p) => p.messages.length)).toEqual([3, 3, 1]);
    expect(
      pages
        .reverse()
        .flatMap((p) => p.messages)
        .map((m) => m._id),
    ).toEqual(await recountThread(db, 'question_id', id, false));
  });
});

describe('unread counts', () => {
  it('stay equal to a recount through posts, notes, reads, edits and deletions', async () => {
    const [one, two] = [await newProject(), await newProject()];
    const asked = await post(jane.token, '/api/questions', { text: 'A question' });
    const question = asked.json<Question>()._id;
    const projects = [one.id, two.id];
    const check = () => expectCountsExact(projects, [question]);
    const onProject = (token: string, id: string, fields: Record<string, string>) =>
      post(token, `/api/projects/${id}/messages`, fields);
    const readProject = (token: string, id: string) =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${id}/messages/read`,
        headers: bearer(token),
      });

    await check();
    await onProject(jane.token, one.id, { text: 'Hello' });
    await onProject(jane.token, one.id, { text: 'Are you there?' });
    await onProject(jane.token, two.id, { text: 'Another order' });
    await check();
    // A note is the team's: the customer never counts it.
    await onProject(cora.token, one.id, { text: 'Call her', internal: 'true' });
    await check();
    // Writing counts as reading for the writer; the admin has read nothing yet.
    await onProject(cora.token, one.id, { text: 'Here we are' });
    await check();
    expect((await readProject(admin.token, one.id)).statusCode).toBe(204);
    await onProject(jane.token, one.id, { text: 'Thanks' });
    await check();
    expect((await readProject(jane.token, one.id)).statusCode).toBe(204);
    await check();

    // Questions: the customer's messages for the team, the team's (not notes) for the customer.
    await post(admin.token, `/api/questions/${question}/messages`, { text: 'We can help' });
    await post(admin.token, `/api/questions/${question}/messages`, {
      text: 'A note',
      internal: 'true',
    });
    await post(jane.token, `/api/questions/${question}/messages`, { text: 'Great' });
    await check();
    await app.inject({
      method: 'POST',
      url: `/api/questions/${question}/read`,
      headers: bearer(admin.token),
    });
    await check();

    // Nothing in the product edits or deletes a message, but a console may: the counts follow.
    await deleteMessageByText(db, 'Thanks'); // unread by the admin
    await check();
    await deleteMessageByText(db, 'Hello'); // read by the admin
    await check();
    await changeMessageByText(db, 'Here we are', { internal: true });
    await check();
    await changeMessageByText(db, 'Are you there?', { projectId: two.id });
    await check();
    // What was read and then taken away is no longer counted as seen either.
    await onProject(jane.token, two.id, { text: 'Still there?' });
    await onProject(jane.token, one.id, { text: 'One more' });
    await deleteMessageByText(db, 'We can help');
    await post(admin.token, `/api/questions/${question}/messages`, { text: 'Anything else?' });
    await check();
  });
});
