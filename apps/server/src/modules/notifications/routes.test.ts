import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
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

  it('needs a signed-in caller', async () => {
    expect((await app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/notifications/stream' })).statusCode).toBe(401);
  });
});
