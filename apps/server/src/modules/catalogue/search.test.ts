import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_QUERY_LENGTH, SEARCH_MAX_RESULTS } from '@noise/shared/catalogue';
import { seedDemo } from '../../seed/seed-demo.ts';
import { createTestApp } from '../../test/app.ts';
import { createService } from '../../test/catalogue-factories.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { normaliseSearchTerm } from './routes.ts';

const { app } = await createTestApp();
await seedDemo(app.database.db);
await createService(app, { id: 'old-seo', title: 'SEO Classic', archivedAt: new Date() });
await createService(app, { id: 'percent', title: '100% Discount Design' });
await createService(app, { id: 'underscore', title: 'snake_case Naming' });

type Result = { _id: string; title: string };

async function search(q: string): Promise<{ status: number; results: Result[] }> {
  const res = await app.inject({ url: `/api/services/search?q=${encodeURIComponent(q)}` });
  return { status: res.statusCode, results: res.statusCode === 200 ? res.json() : [] };
}

describe('GET /api/services/search', () => {
  it("ranks the exact title first: 'seo' finds 'SEO'", async () => {
    const { status, results } = await search('seo');
    expect(status).toBe(200);
    expect(results[0]).toEqual({ _id: 'seo', title: 'SEO' });
  });

  it("finds titles despite typos: 'grafic' finds 'Graphic Design'", async () => {
    const { results } = await search('grafic');
    expect(results[0]?._id).toBe('graphic-design');
    expect((await search('markting')).results.map((r) => r._id)).toContain('email-marketing');
  });

  it('matches case-insensitively and puts prefix matches before inner matches', async () => {
    const ids = (await search('MARKETING')).results.map((r) => r._id);
    expect(ids).toEqual(
      expect.arrayContaining(['marketing-materials', 'email-marketing', 'search-engine-marketing']),
    );
    expect(ids[0]).toBe('marketing-materials');
  });

  it('matches partial words', async () => {
    expect((await search('podc')).results[0]?._id).toBe('podcasts');
    expect((await search('ads')).results.map((r) => r._id)).toEqual(
      expect.arrayContaining(['meta-ads', 'google-ads']),
    );
  });

  it('leaves archived services out', async () => {
    const ids = (await search('seo classic')).results.map((r) => r._id);
    expect(ids).not.toContain('old-seo');
  });

  it(`answers at most ${SEARCH_MAX_RESULTS} results`, async () => {
    expect((await search('e')).results.length).toBeLessThanOrEqual(SEARCH_MAX_RESULTS);
    expect((await search('a')).results.length).toBe(SEARCH_MAX_RESULTS);
  });

  it('answers [] to an empty or blank query', async () => {
    expect(await search('')).toEqual({ status: 200, results: [] });
    expect(await search('   ')).toEqual({ status: 200, results: [] });
    const missing = await app.inject({ url: '/api/services/search' });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual([]);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect((await search('%')).results.map((r) => r._id)).toEqual(['percent']);
    expect((await search('_')).results.map((r) => r._id)).toEqual(['underscore']);
  });

  it.each([
    "'",
    '"',
    '\\',
    "o'brien",
    '%_\\%',
    '\u0000',
    'seo\u0000x',
    '😀',
    '🎙️ podcast',
    'Ｇｒａｐｈｉｃ',
    'é'.repeat(50),
    ')(*&^$#@!~`',
    'select * from users',
  ])('never fails on %j', async (q) => {
    const { status } = await search(q);
    expect(status).toBe(200);
  });

  it('never fails on a 10 000-character query', async () => {
    expect((await search('x'.repeat(10_000))).status).toBe(200);
  });

  it.each(['%ED%A0%80', '%FF%FE', '%', '%zz', '%00', '%E2%80%AE', 'a&q=b'])(
    'never fails on the raw query string q=%s',
    async (raw) => {
      const res = await app.inject({ url: `/api/services/search?q=${raw}` });
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().message).toBeTruthy();
    },
  );

  it('refuses an absurdly long query string with a clear 400', async () => {
    const res = await app.inject({ url: `/api/services/search?q=${'x'.repeat(10_001)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The search query is too long');
  });

  it('cuts a very long query to its first characters instead of failing', async () => {
    const { status, results } = await search(`graphic${' '.repeat(5)}${'z'.repeat(9_000)}`);
    expect(status).toBe(200);
    expect(Array.isArray(results)).toBe(true);
  });

  it('is not taken for a service id', async () => {
    const res = await app.inject({ url: '/api/services/search?q=seo' });
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe('normaliseSearchTerm', () => {
  it('trims, removes control characters and cuts to the maximum length', () => {
    expect(normaliseSearchTerm('  seo \u0000 ')).toBe('seo');
    expect(normaliseSearchTerm('a'.repeat(500))).toHaveLength(SEARCH_MAX_QUERY_LENGTH);
    // Cut by characters, not UTF-16 units: no half emoji.
    const emoji = normaliseSearchTerm('😀'.repeat(200));
    expect(Array.from(emoji)).toHaveLength(SEARCH_MAX_QUERY_LENGTH);
    expect(normaliseSearchTerm('\ud800x')).toBe('\ufffdx');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
