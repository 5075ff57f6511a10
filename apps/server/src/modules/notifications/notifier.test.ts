import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';

describe('notifications under way at shutdown', () => {
  it('drain() waits for every notification a request did not wait for', async () => {
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
    await app.notifier.drain();
    expect(stored).toBe(2);
  });

  it('the app drains them before it closes its own database', async () => {
    // The app owns its database here (an embedded one in the data folder), as in production.
    const app = await buildApp(testConfig(), { logger: false, ensureAdmin: false });
    await app.ready();
    const order: string[] = [];
    const drain = app.notifier.drain.bind(app.notifier);
    app.notifier.drain = async () => {
      await drain();
      order.push('notifications drained');
    };
    const close = app.database.close.bind(app.database);
    app.database.close = async () => {
      order.push('database closed');
      await close();
    };
    await app.close();
    expect(order).toEqual(['notifications drained', 'database closed']);
  });
});
