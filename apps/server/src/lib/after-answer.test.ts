import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { createUser } from '../test/factories.ts';

describe('work a request does not wait for', () => {
  it('drain() waits for every notification under way, and what a failure leaves is a log line', async () => {
    const { app } = await createTestApp();
    await createUser(app, { role: 'admin' });
    const client = await createUser(app);
    let stored = 0;
    void app.notifier
      .toStaff({ kind: 'new-customer', title: 'A customer signed up' })
      .then(() => stored++);
    void app.notifier
      .sendQuietly([client.user.id], { kind: 'status-update', title: 'Your project moved on' })
      .then(() => stored++);
    const failing = app.afterAnswer.run('a test task', async () => {
      throw new Error('boom');
    });
    await app.afterAnswer.drain();
    expect(stored).toBe(2);
    await expect(failing).resolves.toBeUndefined();
  });

  it('the app drains it before it closes its own database', async () => {
    // The app owns its database here (an embedded one in the data folder), as in production.
    const app = await buildApp(testConfig(), { logger: false, ensureAdmin: false });
    await app.ready();
    const order: string[] = [];
    void app.afterAnswer.run('a slow task', async () => {
      await new Promise((r) => setTimeout(r, 50));
      await app.database.ping();
      order.push('task done');
    });
    const close = app.database.close.bind(app.database);
    app.database.close = async () => {
      order.push('database closed');
      await close();
    };
    await app.close();
    expect(order).toEqual(['task done', 'database closed']);
  });
});
