import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createOrder } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';

/** GET /api/projects?userId=: the projects (docs/product.md#projects-list), a page at a time. */
const { app, database } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });

interface Page {
  status: number;
  ids: string[];
  total: string | undefined;
  next: string | undefined;
  body: string;
}

async function list(token: string, query: string): Promise<Page> {
  const res = await app.inject({ url: `/api/projects?${query}`, headers: bearer(token) });
  const header = (name: string) => {
    const value = res.headers[name];
    return value === undefined ? undefined : String(value);
  };
  return {
    status: res.statusCode,
    ids: res.statusCode === 200 ? res.json<{ _id: string }[]>().map((p) => p._id) : [],
    total: header('x-total-count'),
    next: header('x-next-cursor'),
    body: res.body,
  };
}

/** Every page from the first (or from a cursor), following the next cursor. */
async function walk(token: string, query: string, from?: string) {
  const pages: Page[] = [];
  let cursor = from;
  do {
    const page = await list(token, cursor ? `${query}&cursor=${cursor}` : query);
    expect(page.status, page.body).toBe(200);
    pages.push(page);
    cursor = page.next;
  } while (cursor && pages.length < 100);
  return pages;
}

/** The user's project ids in the list's order (newest first, then the larger id), by SQL's own clock. */
async function newestFirst(userId: string) {
  const rows = await database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((r) => r.id);
}

async function customerWith(count: number) {
  const customer = await createUser(app, { role: 'client' });
  for (let i = 0; i < count; i++) {
    // Three projects share each instant, so the id alone orders them.
    await createOrder(app, {
      userId: customer.user.id,
      createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))),
      title: `Order ${i}`,
    });
  }
  return customer;
}

describe('the customer’s project list, a page at a time', () => {
  it('answers the first page of 20 without a limit, with the whole count and a next cursor', async () => {
    const customer = await customerWith(25);
    const expected = await newestFirst(customer.user.id);

    const first = await list(customer.token, `userId=${customer.user.id}`);
    expect(first.status).toBe(200);
    expect(first.ids).toEqual(expected.slice(0, 20));
    expect(first.total).toBe('25');
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);

    const second = await list(customer.token, `userId=${customer.user.id}&cursor=${first.next}`);
    expect(second.ids).toEqual(expected.slice(20));
    expect(second.total).toBe('25');
    expect(second.next).toBeUndefined();

    // Without userId the signed-in user's own list, as before.
    expect((await list(customer.token, '')).ids).toEqual(expected.slice(0, 20));
  });

  it('pages by any limit with no project missed or repeated, newest first', async () => {
    const customer = await customerWith(23);
    const expected = await newestFirst(customer.user.id);
    for (const limit of [1, 7, 23, 100]) {
      const pages = await walk(customer.token, `userId=${customer.user.id}&limit=${limit}`);
      expect(pages).toHaveLength(Math.ceil(23 / limit));
      expect(pages.every((p) => p.ids.length <= limit && p.total === '23')).toBe(true);
      expect(pages.flatMap((p) => p.ids)).toEqual(expected);
    }
  });

  it('keeps its place when projects are added between pages, and tells microseconds apart', async () => {
    const customer = await customerWith(6);
    const [newest] = await newestFirst(customer.user.id);
    // Two projects a microsecond apart from the newest: a cursor rounded to milliseconds would
    // skip or repeat them.
    const a = await createOrder(app, { userId: customer.user.id });
    const b = await createOrder(app, { userId: customer.user.id });
    await database.db.execute(
      sql`update ${projects} set created_at = (select created_at from ${projects} where id = ${newest!}) + interval '1 microsecond' where id = ${a.id}`,
    );
    await database.db.execute(
      sql`update ${projects} set created_at = (select created_at from ${projects} where id = ${newest!}) + interval '2 microseconds' where id = ${b.id}`,
    );
    const before = await newestFirst(customer.user.id);
    expect(before.slice(0, 3)).toEqual([b.id, a.id, newest]);

    const first = await list(customer.token, `userId=${customer.user.id}&limit=1`);
    expect(first.ids).toEqual([b.id]);
    const second = await list(
      customer.token,
      `userId=${customer.user.id}&limit=1&cursor=${first.next}`,
    );
    expect(second.ids).toEqual([a.id]);

    // A new order arrives while the customer reads: the next pages carry on where they were.
    await createOrder(app, { userId: customer.user.id, createdAt: new Date(Date.UTC(2027, 0, 1)) });
    const rest = await walk(customer.token, `userId=${customer.user.id}&limit=3`, second.next);
    expect(rest.flatMap((p) => p.ids)).toEqual(before.slice(2));
    expect(rest[0]!.total).toBe('9');
  });

  it('an empty list and a cursor past the end: no projects, the count, no next cursor', async () => {
    const empty = await createUser(app, { role: 'client' });
    const none = await list(empty.token, `userId=${empty.user.id}`);
    expect(none).toMatchObject({ status: 200, ids: [], total: '0', next: undefined });

    const customer = await customerWith(2);
    const [, older] = await newestFirst(customer.user.id);
    const first = await list(customer.token, `userId=${customer.user.id}&limit=1`);
    expect(first.next).toBeDefined();
    // The last project goes before the customer asks for the next page.
    await database.db.delete(projects).where(eq(projects.id, older!));
    const past = await list(
      customer.token,
      `userId=${customer.user.id}&limit=1&cursor=${first.next}`,
    );
    expect(past).toMatchObject({ status: 200, ids: [], total: '1' });
    expect(past.next).toBeUndefined();
    const last = await list(customer.token, `userId=${customer.user.id}`);
    expect(last).toMatchObject({ ids: [first.ids[0]], total: '1', next: undefined });
  });

  it('refuses a bad limit or cursor with 400', async () => {
    const customer = await customerWith(1);
    const base = `userId=${customer.user.id}`;
    for (const bad of ['0', '-1', '101', '1.5', 'abc', '']) {
      const res = await list(customer.token, `${base}&limit=${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    for (const bad of [
      'nonsense',
      Buffer.from('2026-01-01|x').toString('base64url'),
      Buffer.from("2026-01-01T00:00:00.000000Z|'; drop table projects;--").toString('base64url'),
      'x'.repeat(201),
    ]) {
      const res = await list(customer.token, `${base}&cursor=${encodeURIComponent(bad)}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect((await list(customer.token, `${base}&limit=100`)).status).toBe(200);
  });

  it('refuses another customer’s list with 404 whatever the page asked; staff may page it', async () => {
    const owner = await customerWith(3);
    const other = await createUser(app, { role: 'client' });
    const ownPage = await list(owner.token, `userId=${owner.user.id}&limit=1`);
    for (const query of [
      `userId=${owner.user.id}`,
      `userId=${owner.user.id}&limit=1`,
      `userId=${owner.user.id}&limit=1&cursor=${ownPage.next}`,
      `userId=${owner.user.id}&cursor=nonsense`,
    ]) {
      const res = await list(other.token, query);
      expect({ query, status: res.status }).toEqual({ query, status: 404 });
      expect(res.total).toBeUndefined();
    }
    const unsigned = await app.inject({ url: `/api/projects?userId=${owner.user.id}` });
    expect(unsigned.statusCode).toBe(401);

    const staffPages = await walk(admin.token, `userId=${owner.user.id}&limit=2`);
    expect(staffPages.flatMap((p) => p.ids)).toEqual(await newestFirst(owner.user.id));
  });

  it('sends the same few queries whatever the page size', async () => {
    const customer = await customerWith(30);
    const queries = async (query: string) => {
      const before = database.queryCount();
      const res = await list(customer.token, query);
      expect(res.status).toBe(200);
      return database.queryCount() - before;
    };
    const base = `userId=${customer.user.id}`;
    const counts = [
      await queries(`${base}&limit=1`),
      await queries(base),
      await queries(`${base}&limit=100`),
    ];
    // The session, the page with its count, and what the rows refer to (with the plans' next
    // periods).
    expect(counts).toEqual([9, 9, 9]);
  });
});
