import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_RESULTS } from '@noise/shared/catalogue';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../db/rows.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { createService } from '../../test/catalogue-factories.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { createCatalogueRepository } from './repository.ts';
import { buildSearchIndex, createServiceSearch, trigramsOf } from './search-index.ts';

const { app, database } = await createTestApp();
// A second server process on the same database: it hears of writes only through NOTIFY.
const other = await buildApp(testConfig(), { logger: false, ensureAdmin: false, database });
await other.ready();
afterAll(() => other.close());

const catalogue = createCatalogueRepository(app.database.db);
await seedDemo(app.database.db);

// Titles shaped like a large catalogue's ('Adjective Noun 123'), and the awkward ones: same
// title twice, case twins, punctuation, doubled spaces, one-letter words, digits, LIKE wildcards.
const adjectives = ['Smart', 'Local', 'Rapid', 'Social', 'Premium', 'Digital', 'Brand'];
const nouns = ['Marketing', 'Strategy', 'Video', 'Analytics', 'Design', 'Campaign', 'Audit'];
for (let n = 1; n <= 120; n++) {
  const title = `${adjectives[(n * 7) % adjectives.length]} ${nouns[(n * 3) % nouns.length]} ${n}`;
  await createService(app, { id: `gen-${n}`, title });
}
for (const [id, title] of [
  ['twin-a', 'Graphic Design'],
  ['twin-b', 'Graphic Design'],
  ['case-upper', 'SEO AUDIT'],
  ['case-lower', 'seo audit'],
  ['punct', "O'Brien's Marketing-Materials (Pro)"],
  ['spaces', 'Web   Design  Kit'],
  ['single', 'A B C'],
  ['digits', '24/7 Support 365'],
  ['percent', '100% Discount Design'],
  ['underscore', 'snake_case Naming'],
  ['empty-ish', '---'],
  ['dup-words', 'Design Design Design'],
  ['long', 'The Complete Marketing Strategy and Social Media Video Analytics Package'],
]) {
  await createService(app, { id, title });
}
await createService(app, { id: 'gone', title: 'Archived Marketing', archivedAt: new Date() });

const admin = await createUser(app, { role: 'admin' });

async function search(q: string, server = app): Promise<string[]> {
  const res = await server.inject({ url: `/api/services/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { _id: string }[]).map((r) => r._id);
}

describe('trigramsOf', () => {
  it("makes pg_trgm's trigrams: words padded with two spaces before and one after", async () => {
    expect(trigramsOf('seo')).toEqual(['  s', ' se', 'seo', 'eo ']);
    expect(trigramsOf("a-b's")).toEqual(['  a', ' a ', '  b', ' b ', '  s', ' s ']);
    // show_trgm lists the distinct trigrams.
    const rows = rowsOf<{ trgm: string[] }>(
      await app.database.db.execute(sql`select show_trgm('web   design kit, 2') as trgm`),
    );
    expect([...new Set(trigramsOf('web   design kit, 2'))].sort()).toEqual(
      [...rows[0]!.trgm].sort(),
    );
  });
});

describe('GET /api/services/search from the index', () => {
  it('answers as before: exact title first, typos, the cap, no archived services', async () => {
    expect((await search('seo'))[0]).toBe('seo');
    expect((await search('grafic'))[0]).toBe('graphic-design');
    expect(await search('markting')).toHaveLength(SEARCH_MAX_RESULTS);
    expect(await search('archived marketing')).not.toContain('gone');
  });

  it('answers a new term without asking the database, once the index is built', async () => {
    await search('index warm-up');
    for (const term of ['markting 41', 'grafic desgn 7', 'brand strategy 3', 'analitycs']) {
      const before = database.queryCount();
      expect(await search(term)).not.toEqual([]);
      expect({ term, queries: database.queryCount() - before }).toEqual({ term, queries: 0 });
    }
    // A term the index leaves to SQL asks the database.
    const before = database.queryCount();
    await search('désign');
    expect(database.queryCount() - before).toBe(1);
  });

  it('finds an edit through the staff API on the very next search, here and on another process', async () => {
    const { service } = await createService(app, { title: 'Plain Service' });
    expect(await search('zephyr')).toEqual([]);
    expect(await search('zephyr', other)).toEqual([]);

    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${service.id}`,
      form({ title: 'Zephyr Campaigns' }),
    );
    expect(res.statusCode, res.body).toBe(200);

    expect((await search('zephyr campaigns'))[0]).toBe(service.id);
    expect(await search('zefyr')).toContain(service.id);
    expect(await search('plain service')).not.toContain(service.id);
    // Each poll a new term, so no cached answer: the other process drops its index when it hears of the change (NOTIFY is asynchronous).
    let seen: string[] = [];
    for (let i = 0; i < 200 && !seen.includes(service.id); i++) {
      seen = await search(`zephyr ${i}`, other);
      if (!seen.includes(service.id)) await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen).toContain(service.id);
  });

  it('stops finding a service archived through the staff API at once', async () => {
    const { service } = await createService(app, { title: 'Plain Media' });
    const renamed = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/services/${service.id}`,
      form({ title: 'Quokka Media' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search('quokka')).toEqual([service.id]);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/services/${service.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    expect(await search('quokka media')).not.toContain(service.id);
    expect(await search('quoka')).toEqual([]);
  });
});

describe('createServiceSearch', () => {
  it('loads once for many terms, again after invalidate() or when too old', async () => {
    let loads = 0;
    let clock = 0;
    const search = createServiceSearch({
      load: async () => {
        loads++;
        return [{ id: 's', title: `Title ${loads}`, lower: `title ${loads}` }];
      },
      fallback: async () => [],
      score: async () => [],
      maxAgeMs: 1000,
      now: () => clock,
    });
    expect(await Promise.all([search.search('title', 10), search.search('titel', 10)])).toEqual([
      [{ _id: 's', title: 'Title 1' }],
      [{ _id: 's', title: 'Title 1' }],
    ]);
    expect(loads).toBe(1);
    search.invalidate();
    expect(await search.search('title', 10)).toEqual([{ _id: 's', title: 'Title 2' }]);
    clock = 999;
    expect(await search.search('title', 10)).toEqual([{ _id: 's', title: 'Title 2' }]);
    clock = 1000;
    expect(await search.search('title', 10)).toEqual([{ _id: 's', title: 'Title 3' }]);
  });

  it('does not keep an index whose load a change overtook', async () => {
    let loads = 0;
    let release!: () => void;
    const search = createServiceSearch({
      load: async () => {
        loads++;
        if (loads === 1) await new Promise<void>((r) => (release = r));
        return [{ id: 's', title: `Title ${loads}`, lower: `title ${loads}` }];
      },
      fallback: async () => [],
      score: async () => [],
      maxAgeMs: 60_000,
    });
    const first = search.search('title', 10);
    await Promise.resolve();
    search.invalidate();
    const second = await search.search('title', 10);
    expect(second).toEqual([{ _id: 's', title: 'Title 2' }]);
    release();
    await first;
    expect(await search.search('title', 10)).toEqual([{ _id: 's', title: 'Title 2' }]);
    expect(loads).toBe(2);
  });

  it('asks SQL for what the index leaves to it', async () => {
    const search = createServiceSearch({
      load: async () => [{ id: 's', title: 'Design', lower: 'design' }],
      fallback: async (term) => [{ _id: 'sql', title: term }],
      score: async () => [],
      maxAgeMs: 60_000,
    });
    expect(await search.search('désign', 10)).toEqual([{ _id: 'sql', title: 'désign' }]);
  });
});

describe('in-memory search ranks as the SQL search does', () => {
  const all = 10_000;

  // Titles with characters outside ASCII are scored by SQL and merged with the index's.
  beforeAll(async () => {
    for (const [id, title] of [
      ['curly', 'Beginner’s Marketing Guide'],
      ['cafe', 'Café Design 12'],
      ['umlaut', 'Über Social Strategy'],
    ]) {
      await createService(app, { id, title });
    }
  });

  async function compare(term: string) {
    const serviceSearch = createServiceSearch({
      load: () => catalogue.listSearchableTitles(),
      fallback: () => Promise.reject(new Error('not an ASCII term')),
      score: (t, ids) => catalogue.scoreServices(t, ids),
      maxAgeMs: 60_000,
    });
    const fromSql = (await catalogue.searchServices(term, all)).map((r) => r._id);
    const fromMemory = (await serviceSearch.search(term, all)).map((r) => r._id);
    expect({ term, ids: fromMemory }).toEqual({ term, ids: fromSql });
  }

  it.each([
    'seo',
    'SEO audit',
    'grafic',
    'grafic desgn',
    'markting',
    'markting 17',
    'marketing',
    'design',
    'desing',
    'social 12',
    'brand strategy',
    'video',
    'analytics',
    'a',
    'e',
    'b c',
    '24/7',
    '365',
    '%',
    '_',
    "o'brien",
    'materials (pro)',
    'web design',
    'web   design',
    'design design',
    'x',
    'zzzz',
    'the complete',
    'strat',
    'smart video 1',
    'beginner marketing',
    'caf',
    'cafe design',
    'design 12',
    'ber social',
  ])('%j', compare);

  it('for any term over a small alphabet', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.constantFrom(..."aesomrktignd1 2-%_'SEG".split('')), {
            minLength: 1,
            maxLength: 14,
          })
          .map((chars) => chars.join('').trim())
          .filter((term) => term.length > 0),
        compare,
      ),
      { numRuns: 150 },
    );
  });

  it('leaves a term with non-ASCII characters to SQL', () => {
    const index = buildSearchIndex([{ id: 'x', title: 'Design', lower: 'design' }]);
    expect(index.search('désign', 10)).toBeUndefined();
    expect(index.search('design', 10)).toEqual([{ _id: 'x', title: 'Design' }]);
  });

  it('leaves titles with non-ASCII characters to SQL', () => {
    const index = buildSearchIndex([
      { id: 'x', title: 'Design', lower: 'design' },
      { id: 'y', title: 'Café Branding', lower: 'café branding' },
    ]);
    expect(index.search('design', 10)).toBeUndefined();
    expect(index.match('design', 10)).toMatchObject({
      hits: [{ id: 'x', rank: 0 }],
      unscored: [{ id: 'y', order: 1 }],
    });
  });
});
