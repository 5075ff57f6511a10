import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerStorageGuard, STORAGE_RESERVE_BYTES } from './storage-guard.ts';

async function appWith(free: { bytes: number; reads: number }) {
  const app = Fastify({ logger: false });
  registerStorageGuard(app, {
    dir: '/data',
    checkEveryMs: 50,
    freeBytes: async () => {
      free.reads++;
      return free.bytes;
    },
  });
  app.get('/thing', async () => ({ ok: true }));
  app.post('/thing', async () => ({ saved: true }));
  await app.ready();
  return app;
}

describe('storage guard', () => {
  it('refuses writes with 503 storage_full while less than the reserve is free; reads go on; writes come back once space is freed', async () => {
    const free = { bytes: STORAGE_RESERVE_BYTES - 1, reads: 0 };
    const app = await appWith(free);

    const refused = await app.inject({ method: 'POST', url: '/thing' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({
      error: 'storage_full',
      message: expect.stringMatching(/out of storage space/),
    });
    expect((await app.inject({ url: '/thing' })).statusCode).toBe(200);

    free.bytes = STORAGE_RESERVE_BYTES * 4;
    // The reading is trusted for 50 ms: the clock moves past it, no test waits for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60);
      expect((await app.inject({ method: 'POST', url: '/thing' })).json()).toEqual({
        saved: true,
      });
    } finally {
      vi.useRealTimers();
    }
    await app.close();
  });

  it('measures at most once per interval, however many writes arrive', async () => {
    const free = { bytes: STORAGE_RESERVE_BYTES * 4, reads: 0 };
    const app = await appWith(free);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: '/thing' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(free.reads).toBe(1);
    await app.close();
  });

  it('lets writes through when the free space cannot be read', async () => {
    const app = Fastify({ logger: false });
    registerStorageGuard(app, {
      dir: '/nowhere',
      freeBytes: () => Promise.reject(new Error('ENOENT')),
    });
    app.post('/thing', async () => ({ saved: true }));
    expect((await app.inject({ method: 'POST', url: '/thing' })).statusCode).toBe(200);
    await app.close();
  });
});
