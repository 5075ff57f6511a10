import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobs, notifications, sessions, users } from '../../db/schema.ts';
import { NOTIFICATION_CHANNEL } from './notifier.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });
const client = await createUser(app);

async function list(token: string) {
  const res = await app.inject({ url: '/api/notifications', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { _id: string; kind: string; title: string; read: boolean }[];
    unreadCount: number;
  };
}

async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}

describe('notifications', () => {
  it('staff hear of a new customer, live on an open stream, with an email copy queued', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const stream = await fetch(`${address}/api/notifications/stream`, {
      headers: bearer(admin.token),
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        received += decoder.decode(value);
      }
    };
    await readUntil('"unreadCount":0');

    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Nora',
        lastName: 'New',
        email: 'nora@example.com',
        phoneNumber: '0412345678',
        password: 'nora password 1',
      },
    });
    expect(signup.statusCode).toBe(201);
    await readUntil('"unreadCount":1');
    controller.abort();

    const mine = await list(admin.token);
    expect(mine.unreadCount).toBe(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'new-customer',
      title: 'New customer: Nora New',
      read: false,
    });
    const emails = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'email'));
    expect(emails.some((j) => (j.payload as { to: string }).to === admin.user.email)).toBe(true);
    // Customers do not receive staff notifications.
    expect((await list(client.token)).items).toEqual([]);
  });

  it('marks read, only the owner’s own notifications', async () => {
    const id = (await list(admin.token)).items[0]!._id;
    const other = await app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      headers: bearer(client.token),
    });
    expect(other.statusCode).toBe(404);
    const own = await app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      headers: bearer(admin.token),
    });
    expect(own.statusCode).toBe(204);
    expect((await list(admin.token)).unreadCount).toBe(0);
  });

  it('respects an email opt-out and keeps the in-app notification', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(admin.token),
      payload: { email: { 'new-customer': false, 'status-update': false } },
    });
    expect(put.json().email).toEqual({
      'new-order': true,
      'new-customer': false,
      'quote-paid': true,
      'proposal-answered': true,
      'new-brief': true,
      'customer-message': true,
      'deliverable-review': true,
      'project-assigned': true,
      'daily-summary': false,
    });
    const before = (await app.database.db.select().from(jobs).where(eq(jobs.kind, 'email'))).length;
    await app.notifier.send([admin.user.id], { kind: 'new-customer', title: 'Quiet one' });
    await app.notifier.send([admin.user.id], { kind: 'new-order', title: 'Loud one' });
    const after = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'email'));
    expect(after.length - before).toBe(1);
    const titles = (await list(admin.token)).items.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Quiet one', 'Loud one']));
    await waitFor(async () => ((await list(admin.token)).unreadCount === 2 ? true : undefined));
  });

  it('writes the team’s bells and their email copies in one statement', async () => {
    const coordinator = await createUser(app, { role: 'co-ordinator' });
    const before = app.database.queryCount();
    await app.notifier.toStaff(
      { kind: 'new-order', title: 'New order: SEO (Order #1001)', body: 'Paid $1,374.45.' },
      { coordinatorId: coordinator.user.id },
    );
    // The team read, then the bells with their mail (BEGIN and COMMIT would not count): an
    // order's staff bells used to be a transaction with a statement for each mail.
    expect(app.database.queryCount() - before).toBe(2);
    const bells = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'New order: SEO (Order #1001)'));
    expect(bells.map((b) => b.userId)).toEqual(
      expect.arrayContaining([admin.user.id, coordinator.user.id]),
    );
    const mail = await app.database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.uniqueKey,
          bells.map((b) => `notification:${b.id}`),
        ),
      );
    expect(
      mail.map((j) => [j.kind, j.maxAttempts, (j.payload as { to: string }).to]).sort(),
    ).toEqual(
      [
        ['email', 14, admin.user.email],
        ['email', 14, coordinator.user.email],
      ].sort(),
    );
  });

  it('tells every process whose bells changed from the database, 200 accounts a notice', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `bell-${String(i).padStart(3, '0')}`);
    await app.database.db
      .insert(users)
      .values(ids.map((id) => ({ id, email: `${id}@example.com`, role: 'client' as const })));
    const heard: string[][] = [];
    const stop = await app.database.listen(NOTIFICATION_CHANNEL, (payload) => {
      const { userIds } = JSON.parse(payload) as { userIds: string[] };
      if (userIds[0]?.startsWith('bell-')) heard.push(userIds);
    });
    try {
      // One statement, as the notifier writes a broadcast's rows; nothing else is sent.
      await app.database.db
        .insert(notifications)
        .values(ids.map((userId) => ({ userId, kind: 'payment' as const, title: 'Paid' })));
      await vi.waitFor(() => expect(heard.flat().sort()).toEqual(ids), { timeout: 5_000 });
      expect(heard.map((people) => people.length).sort()).toEqual([200, 50]);
    } finally {
      await stop();
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/notifications/stream' })).statusCode).toBe(401);
  });
});

/**
 * An open stream that reads to its end: `until(text)` waits for text to arrive, `lastId()` is
 * the id of the last event, `stop()` closes it from this side as a browser tab would.
 */
async function openStream(address: string, token: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${address}/api/notifications/stream`, {
    headers: { ...bearer(token), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let ended = false;
  const waiting = new Set<() => void>();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
        for (const wake of waiting) wake();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      for (const wake of waiting) wake();
    }
  })();
  const until = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (received.includes(text)) {
          waiting.delete(check);
          resolve(received);
        } else if (ended) {
          waiting.delete(check);
          reject(new Error(`the stream ended without ${text}: ${received}`));
        }
      };
      waiting.add(check);
      check();
    });
  await until('"unreadCount"');
  return {
    until,
    received: () => received,
    lastId: () => [...received.matchAll(/^id: (.+)$/gm)].at(-1)?.[1],
    ended: () => ended,
    stop: () => controller.abort(),
  };
}

// Short timers and a replay buffer of three events, so that each case is quick to reach.
const { app: fast } = await createTestApp(
  {},
  { liveStreams: { heartbeatMs: 50, sessionRecheckMs: 100, replayLimit: 3 } },
);
const address = await fast.listen({ port: 0, host: '127.0.0.1' });
const watcher = await createUser(fast, { role: 'admin' });

describe('a live stream that reconnects or idles', () => {
  const project = (userId: string, n: number) => ({
    id: `p-missing-${n}`,
    userId,
    coordinatorId: null,
  });

  it('gets the project events it missed and the unread count after its Last-Event-ID', async () => {
    const customer = await createUser(fast);
    const team = await openStream(address, watcher.token);
    const first = await openStream(address, customer.token);
    const lastSeen = first.lastId();
    expect(lastSeen).toMatch(/^.+-\d+$/);
    first.stop();

    // While the customer is away: a message on their project, and a notification for them.
    await fast.notifier.projectChanged(project(customer.user.id, 1), { customerSees: true });
    await team.until('"projectId":"p-missing-1"');
    await fast.notifier.send([customer.user.id], { kind: 'status-update', title: 'Moved on' });

    const again = await openStream(address, customer.token, lastSeen);
    const text = await again.until('"unreadCount":1');
    expect(text).toContain('event: project\ndata: {"projectId":"p-missing-1"}');
    expect(text).not.toContain('event: resync');
    // Nothing twice: the project event came once, before the count.
    expect(text.indexOf('p-missing-1')).toBeLessThan(text.indexOf('"unreadCount"'));
    expect(text.split('p-missing-1').length).toBe(2);
    again.stop();
    team.stop();
  });

  it('is told to resync when the gap is not known: another process, or older than the buffer', async () => {
    const customer = await createUser(fast);
    const other = await openStream(address, customer.token, 'another-process-7');
    await other.until('event: resync');
    other.stop();

    const team = await openStream(address, watcher.token);
    const first = await openStream(address, customer.token);
    const lastSeen = first.lastId();
    first.stop();
    // Four changes: more than the three kept, so the first of them is forgotten.
    for (let n = 10; n < 14; n++) {
      await fast.notifier.projectChanged(project(customer.user.id, n), { customerSees: true });
      await team.until(`"projectId":"p-missing-${n}"`);
    }
    const late = await openStream(address, customer.token, lastSeen);
    const text = await late.until('event: resync');
    expect(text).not.toContain('event: project');
    late.stop();
    team.stop();
  });

  it('keeps an idle stream alive with heartbeats', async () => {
    const customer = await createUser(fast);
    const stream = await openStream(address, customer.token);
    await stream.until(': keep-alive');
    expect(stream.ended()).toBe(false);
    stream.stop();
  });

  it('closes when its session expires, and says so', async () => {
    const customer = await createUser(fast);
    const stream = await openStream(address, customer.token);
    await fast.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, customer.user.id));
    await stream.until('event: signed-out');
    await new Promise<void>((resolve) => {
      const check = () => (stream.ended() ? resolve() : setImmediate(check));
      check();
    });
  });
});
