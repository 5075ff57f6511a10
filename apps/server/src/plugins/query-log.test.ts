import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';

describe('the query log (QUERY_LOG_FILE)', () => {
  it("writes down a request's statements only when the request asks for it", async () => {
    const { app, config } = await createTestApp();
    const file = path.join(config.dataDir, 'queries.jsonl');
    const logged = await createTestApp({ dataDir: config.dataDir, queryLogFile: file });
    const jane = await createUser(logged.app, { firstName: 'Jane', lastName: 'Citizen' });
    await logged.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(jane.token),
    });
    const asked = await logged.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { ...bearer(jane.token), 'x-query-log': 'record' },
    });
    expect(asked.statusCode).toBe(200);
    // The line is written once the answer has gone.
    await vi.waitFor(() => expect(existsSync(file) && readFileSync(file, 'utf8')).toMatch(/\n$/), {
      timeout: 10_000,
    });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', url: '/api/users/profile', status: 200 });
    expect(lines[0].statements.length).toBeGreaterThan(0);
    expect(lines[0].statements[0]).toEqual({ sql: expect.any(String), params: expect.any(Array) });
    // Without the setting nothing is watched.
    await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-query-log': 'record' } });
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
