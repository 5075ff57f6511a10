import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import { anyOf } from './any-of.ts';
import { users } from './schema.ts';

const { app, database } = await createTestApp();

describe('anyOf', () => {
  it('finds the rows of the listed values, one array parameter, and none of an empty list', async () => {
    const a = await createUser(app, { email: 'any-a@example.com' });
    const b = await createUser(app, { email: 'any-b@example.com' });
    await createUser(app, { email: 'any-c@example.com' });
    const seen: unknown[][] = [];
    const stop = database.watchQueries((_sql, params) => seen.push(params));
    const found = await database.db
      .select({ email: users.email })
      .from(users)
      .where(anyOf(users.id, [a.user.id, b.user.id, 'no-such-user']));
    stop();
    expect(found.map((row) => row.email).sort()).toEqual([
      'any-a@example.com',
      'any-b@example.com',
    ]);
    expect(seen.at(-1)).toEqual([[a.user.id, b.user.id, 'no-such-user']]);
    const none = await database.db.select().from(users).where(anyOf(users.id, []));
    expect(none).toEqual([]);
  });
});
