import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { industries } from '../db/schema.ts';
import { createTestApp } from './app.ts';
import { snapshotDatabase, watchTableChanges } from './db-snapshot.ts';

const { app } = await createTestApp();
const db = app.database.db;

describe('the change watch the bad-input suite relies on', () => {
  it('names the tables a statement changed, and not those it touched without changing', async () => {
    const watch = await watchTableChanges(db, { exclude: ['rate_counters'] });
    expect(await watch.changed()).toEqual([]);

    const [made] = await db
      .insert(industries)
      .values({ title: 'Bakeries', link: '/pages/bakeries' })
      .returning();
    expect(await watch.changed()).toEqual(['industries']);
    expect(await watch.changed()).toEqual([]);

    // The same values again: touched, not changed.
    await db.execute(sql`update industries set title = title where id = ${made!.id}`);
    expect(await watch.changed()).toEqual([]);

    await db.delete(industries).where(eq(industries.id, made!.id));
    expect(await watch.changed()).toEqual(['industries']);
    // Its own table is never part of a snapshot.
    expect(Object.keys(await snapshotDatabase(db))).not.toContain('test_touched_tables');
  });
});
