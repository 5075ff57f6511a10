import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, projectExtras, projectStatusUpdates } from './schema.ts';
import { createTestApp } from '../test/app.ts';
import { createOrder } from '../test/catalogue-admin-helpers.ts';
import { createIndustry, createPage, createService } from '../test/catalogue-factories.ts';
import { bearer, createUser } from '../test/factories.ts';

/**
 * Queries per request are pinned, and must not grow with the number of rows: a list that ran a
 * query per row would pass with 2 rows and fail here with 20.
 */
const { app, database } = await createTestApp();
const staff = await createUser(app, { role: 'admin' });
const customer = await createUser(app, { role: 'client' });

/** The SQL statements one request sends (BEGIN/COMMIT not counted). */
async function queriesOf(url: string, token?: string) {
  const before = database.queryCount();
  const res = await app.inject({ url, headers: token ? bearer(token) : {} });
  expect(res.statusCode, res.body).toBe(200);
  return database.queryCount() - before;
}

/** Sales of the customer, each with a status update, an extra and a payment. */
async function addSales(count: number) {
  for (let i = 0; i < count; i++) {
    const project = await createOrder(app, {
      userId: customer.user.id,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
    await database.db.insert(projectStatusUpdates).values({
      projectId: project.id,
      title: 'Order placed',
      date: project.createdAt,
    });
    await database.db
      .insert(projectExtras)
      .values({ projectId: project.id, title: 'Rush', priceCents: 5_000 });
    await database.db.insert(payments).values({
      projectId: project.id,
      userId: customer.user.id,
      provider: 'sandbox',
      transactionId: `tx-${project.id}`,
      amountCents: 11_000,
      gstCents: 1_000,
      currency: 'USD',
      status: 'succeeded',
      createdAt: project.createdAt,
    });
  }
}

describe('queries per request', () => {
  it('project lists, a project and the overview: the same few queries for 2 or 20 sales', async () => {
    await addSales(2);
    const one = (await app.inject({ url: '/api/projects', headers: bearer(customer.token) })).json<
      { _id: string }[]
    >()[0]!._id;
    // One for the signed-in session, then the rows, then seven for everything the rows refer to
    // (status updates, extras, payments, their refunds, people, briefs, plans' next periods).
    const expected = {
      [`/api/projects?userId=${customer.user.id}`]: [customer.token, 9],
      '/api/projects-all': [staff.token, 9],
      '/api/projects-all?status=active&limit=5': [staff.token, 9],
      [`/api/users/clients/${customer.user.id}/projects`]: [staff.token, 10],
      [`/api/projects/${one}`]: [customer.token, 9],
      // Session, latest sales, sales waiting for a co-ordinator, newest customers, revenue, and
      // the payments and refunds of the sales listed.
      // The order figures also ask which plans were cancelled (order-money-of.ts).
      '/api/overview': [staff.token, 7],
      // Session, companies, services, statuses (each a walk along an index), team members.
      '/api/sales/filters': [staff.token, 5],
    } as const;
    // One request at a time: the counter is the whole database's.
    const counts = async () => {
      const found: Record<string, number> = {};
      for (const [url, [token]] of Object.entries(expected)) {
        found[url] = await queriesOf(url, token);
      }
      return found;
    };
    const pinned = Object.fromEntries(Object.entries(expected).map(([u, [, n]]) => [u, n]));
    expect(await counts()).toEqual(pinned);
    await addSales(18);
    expect(await counts()).toEqual(pinned);
  });

  it('public catalogue: a handful of queries on a miss, none when cached, whatever the size', async () => {
    const { service } = await createService(app, {
      extras: [{ title: 'Rush', priceCents: 5_000 }],
      faqs: [{ question: 'Q', answer: 'A' }],
      gallery: ['/demo/a.svg', '/demo/b.svg'],
    });
    const { page } = await createPage(app, {
      items: Array.from({ length: 12 }, (_, i) => ({ title: `Item ${i}`, link: '/services/seo' })),
    });
    for (let i = 0; i < 15; i++) await createService(app, { title: `Listed ${i}` });
    const industry = await createIndustry(app);
    for (let i = 0; i < 15; i++) await createIndustry(app);
    await app.catalogueCache.invalidate();

    const misses = {
      // The service row, then its packages, extras, FAQs, gallery and videos.
      [`/api/services/${service.id}`]: 6,
      '/api/services': 1,
      [`/api/pages/${page.id}`]: 2,
      '/api/pages': 1,
      '/api/industries': 1,
      [`/api/industries/${industry.id}`]: 1,
      '/api/services/search?q=listed': 1,
    };
    for (const [url, count] of Object.entries(misses)) {
      expect({ url, queries: await queriesOf(url) }).toEqual({ url, queries: count });
      expect({ url, queries: await queriesOf(url) }).toEqual({ url, queries: 0 });
    }
  });

  it('sales filter values: each company once whatever its case, newest spelling; services and statuses sold', async () => {
    const { service: sold } = await createService(app, { title: 'Zebra Sold' });
    await createService(app, { title: 'Never Sold' });
    const make = async (company: string, day: number, status = 'active') => {
      const project = await createOrder(app, {
        userId: customer.user.id,
        serviceId: sold.id,
        createdAt: new Date(Date.UTC(2025, 5, day)),
      });
      await database.db.execute(
        sql`update projects set contact_company_name = ${company}, status = ${status} where id = ${project.id}`,
      );
    };
    await make('Acme Pty Ltd', 1);
    await make('ACME PTY LTD', 2, 'on-hold');
    await make('Beta Co', 3, 'completed');
    const res = await app.inject({ url: '/api/sales/filters', headers: bearer(staff.token) });
    const filters = res.json<{
      companies: string[];
      services: { _id: string; title: string }[];
      statuses: { value: string }[];
    }>();
    expect(filters.companies.filter((c) => c.toLowerCase() === 'acme pty ltd')).toEqual([
      'ACME PTY LTD',
    ]);
    expect(filters.companies).toContain('Beta Co');
    expect(filters.companies).not.toContain('');
    expect(filters.services.map((s) => s.title)).toContain('Zebra Sold');
    expect(filters.services.map((s) => s.title)).not.toContain('Never Sold');
    expect(filters.statuses.map((s) => s.value)).toEqual(['active', 'completed', 'on-hold']);
  });
});
