import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './errors.ts';

/** What drizzle throws: its own error with the driver's error as the cause. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

const app = Fastify({ logger: false });
registerErrorHandler(app);
let next: unknown;
app.get('/boom', async () => {
  throw next;
});
await app.ready();

describe('a database that is down or restarting', () => {
  it.each([
    ['refused connection', wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))],
    ['server shutting down (57P01)', wrapped({ code: '57P01', message: 'terminating connection' })],
    [
      'starting up (57P03)',
      wrapped({ code: '57P03', message: 'the database system is starting up' }),
    ],
    ['dropped connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s: 503 with a JSON message and Retry-After', async (_name, error) => {
    next = error;
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      statusCode: 503,
      error: 'service_unavailable',
      message: expect.stringMatching(/try again/),
    });
  });

  it('any other failure stays a 500 that shows nothing of the error', async () => {
    next = wrapped({ code: '42P01', message: 'relation "nope" does not exist' });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('nope');
    expect(isDatabaseUnavailable(new Error('duplicate key'))).toBe(false);
  });
});

describe('a disk that is full', () => {
  it.each([
    [
      "the database cannot extend a file (53100, PGlite's words)",
      wrapped({ code: '53100', message: 'could not extend file "base/5/17014"' }),
    ],
    ['a file write (ENOSPC)', Object.assign(new Error('no space'), { code: 'ENOSPC' })],
  ])('%s: 503 storage_full that says so, with Retry-After', async (_name, error) => {
    next = error;
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({
      error: 'storage_full',
      message: expect.stringMatching(/out of storage space/),
    });
  });
});
