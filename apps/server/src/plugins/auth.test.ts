import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { registerAuth } from './auth.ts';

const { app } = await createTestApp();
const client = await createUser(app);

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'some-id').replace(/\*$/, 'x');

describe('route declarations', () => {
  it('every registered /api route declares who may call it', () => {
    const listed = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, ''))
      .filter((line) => line.startsWith('/api'));
    expect(listed.length).toBeGreaterThan(5);
    for (const line of listed) {
      const url = line.split(' ')[0]!;
      const methods = /\(([^)]+)\)/.exec(line)?.[1]?.split(', ') ?? [];
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        // Routes of different methods may name the same path parameter differently; the
        // printed tree joins the names (`:a|:b`).
        const shape = (u: string) => u.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, ':param');
        const declared = app.declaredRoutes.find(
          (r) => r.method === method && shape(r.url) === shape(url),
        );
        expect(declared, `${method} ${url}`).toBeDefined();
      }
    }
  });

  it('a route registered without a declaration stops the server from starting', () => {
    const bare = Fastify();
    registerAuth(bare, {
      signer: { sign: async () => '', verify: async () => null },
      sessions: {} as never,
      apiKeys: {} as never,
    });
    expect(() => bare.get('/api/undeclared', async () => 'open')).toThrow(/declares no access/);
  });

  it('refuses an anonymous caller on every non-public route with 401', async () => {
    for (const route of app.declaredRoutes.filter((r) => r.access !== 'public')) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a client on every staff route with 403', async () => {
    const staffRoutes = app.declaredRoutes.filter(
      (r) => !['public', 'authenticated'].includes(r.access) && !r.access.startsWith('client:'),
    );
    for (const route of staffRoutes) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(client.token),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
