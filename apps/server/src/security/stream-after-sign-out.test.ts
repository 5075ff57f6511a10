import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../test/factories.ts';

/**
 * A live stream opened before the session ended must not go on receiving events: sign-out, a
 * password change and a removed account each close it at once, on every process (the database
 * tells every listener; migration 0019).
 */
const { app } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

/**
 * Opens the stream and reads it to its end; answers everything it received. One loop reads the
 * stream: two readers would share its chunks, and one could wait for a chunk the other took.
 */
async function openStream(token: string) {
  const res = await fetch(`${address}/api/notifications/stream`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let arrived = () => {};
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return received;
        received += decoder.decode(value);
        arrived();
      }
    } finally {
      arrived();
    }
  })();
  // The first count says the stream is open and listening.
  await new Promise<void>((resolve) => {
    arrived = () => {
      if (received.includes('"unreadCount"')) resolve();
    };
    void ended.finally(resolve);
  });
  return { ended, received: () => received };
}

describe('a live stream after its session ends', () => {
  it('closes when its session signs out, and says so', async () => {
    const client = await createUser(app);
    const stream = await openStream(client.token);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(client.token),
    });
    expect(out.statusCode).toBe(204);
    expect(await stream.ended).toContain('event: signed-out');
  });

  it('closes when the password changes, and a new stream with the old token is refused', async () => {
    const client = await createUser(app);
    const stream = await openStream(client.token);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: bearer(client.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    await stream.ended;
    const again = await fetch(`${address}/api/notifications/stream`, {
      headers: bearer(client.token),
    });
    expect(again.status).toBe(401);
  });

  it('closes when staff remove the account', async () => {
    const client = await createUser(app);
    const stream = await openStream(client.token);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/users/site-users/${client.user.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await stream.ended).toContain('event: signed-out');
  });
});
