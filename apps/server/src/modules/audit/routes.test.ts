import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditItem, AuditPage } from '@noise/shared/audit';
import { manageServiceSchema } from '@noise/shared/catalogue-admin';
import { auditLog } from '../../db/schema.ts';
import { errorCodes } from '../../lib/error-codes.ts';
import { createTestApp } from '../../test/app.ts';
import { form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { createService } from '../../test/catalogue-factories.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';

const { app } = await createTestApp();
const db = app.database.db;
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const superAdmin = await createUser(app, { role: 'super-admin' });
const cora = await coordinator(app);
const client = await createUser(app, { firstName: 'Cleo', lastName: 'Client' });

const get = (url: string, token: string | null = admin.token) =>
  app.inject({ url, headers: token ? bearer(token) : {} });

async function logOf(query: string): Promise<AuditPage> {
  const res = await get(`/api/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
}

/** Every entry of a query, walking the pages. */
async function allOf(query: string, limit = 100): Promise<AuditItem[]> {
  const items: AuditItem[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await logOf(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** A staff member whose entries no other test touches. */
const staffMember = (firstName: string) =>
  createUser(app, { role: 'admin', firstName, lastName: 'Tester' });

describe('who may read the audit log', () => {
  it.each(['/api/audit', '/api/audit/people', '/api/audit.csv'])(
    '%s: admins and super-admins only',
    async (url) => {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, client.token)).statusCode).toBe(403);
      expect((await get(url, cora.token)).statusCode).toBe(403);
      expect((await get(url, admin.token)).statusCode).toBe(200);
      expect((await get(url, superAdmin.token)).statusCode).toBe(200);
    },
  );
});

describe('staff sign-ins', () => {
  it('records each with its address, and a wrong password for a staff account', async () => {
    const { user } = await staffMember('Signe');
    const signIn = (email: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        remoteAddress: '203.0.113.7',
        payload: { email, password },
      });
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(user.email, 'not the password')).statusCode).toBe(401);
    expect((await signIn('nobody-here@example.com', 'whatever it is')).statusCode).toBe(401);

    const mine = (await logOf(`person=${user.id}&kind=sign-ins`)).items;
    // The factory's own sign-in, then ours.
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      actorName: 'Signe Tester',
      action: 'auth.staff_signed_in',
      kind: 'sign-ins',
      summary: 'Signed in to the staff area',
      ip: '203.0.113.7',
      link: `/wkm-dashboard/site-users/edit/${user.id}`,
    });

    const refusals = (await logOf('kind=sign-ins')).items.filter(
      (item) => item.action === 'auth.staff_sign_in_refused',
    );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      actorId: null,
      summary: `Refused a staff sign-in as ${user.email}: wrong password`,
      ip: '203.0.113.7',
    });
  });
});

// Entries written straight into the log, at known times, by one person.
const { user: pager } = await staffMember('Paige');
const service = await createService(app);
const entry = (createdAt: string, action: string, data: Record<string, unknown> = {}) => ({
  actorId: pager.id,
  actorName: 'Paige Tester',
  action,
  entityType: action.startsWith('service.') ? 'service_package' : 'page',
  entityId: 'thing',
  summary: `${action} at ${createdAt}`,
  data,
  ip: '198.51.100.20',
  createdAt: new Date(createdAt),
});
// Sydney is UTC+11 in March: 12:30Z is 23:30 on the 1st there, 13:30Z half past midnight on the 2nd.
await db.insert(auditLog).values([
  entry('2026-03-01T12:30:00Z', 'quote.created'),
  entry('2026-03-01T13:30:00Z', 'service.package_price_changed', {
    serviceId: service.service.id,
    from: { baseCostCents: 50_000, recurringCostCents: 0 },
    to: { baseCostCents: 55_000, recurringCostCents: 0 },
  }),
  // Five at the same instant: the cursor tells them apart by id.
  ...Array.from({ length: 5 }, () => entry('2026-03-02T01:00:00Z', 'page.updated')),
]);
// Paige's own sign-in (by the factory) is today's; the dates below leave it out.
const march = `person=${pager.id}&to=2026-03-31`;

describe('GET /api/audit', () => {
  it('lists newest first, by person, kind and days in the business time zone', async () => {
    const all = (await logOf(march)).items;
    expect(all).toHaveLength(7);
    expect(all.map((i) => i.action)).toEqual([
      ...Array(5).fill('page.updated'),
      'service.package_price_changed',
      'quote.created',
    ]);
    const ties = all.slice(0, 5).map((i) => i._id);
    expect(ties).toEqual([...ties].sort().reverse());

    const prices = (await logOf(`${march}&kind=prices`)).items;
    expect(prices).toEqual([
      expect.objectContaining({
        kind: 'prices',
        before: 'Base cost $500.00, recurring cost $0.00',
        after: 'Base cost $550.00, recurring cost $0.00',
        ip: '198.51.100.20',
        link: `/wkm-dashboard/services/edit/${service.service.id}`,
      }),
    ]);
    expect((await logOf(`${march}&kind=other`)).items).toHaveLength(5);
    expect((await logOf(`${march}&kind=quotes`)).items.map((i) => i.action)).toEqual([
      'quote.created',
    ]);
    expect((await logOf(`${march}&from=2026-03-02`)).items).toHaveLength(6);
    expect(
      (await logOf(`person=${pager.id}&from=2026-03-01&to=2026-03-01`)).items.map((i) => i.action),
    ).toEqual(['quote.created']);
    expect((await logOf(`person=${admin.user.id}&to=2026-03-31`)).items).toEqual([]);
  });

  it('pages with a cursor, without gaps or repeats, ties included', async () => {
    const whole = (await logOf(march)).items.map((i) => i._id);
    const first = await logOf(`${march}&limit=3`);
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    expect((await allOf(march, 2)).map((i) => i._id)).toEqual(whole);
    expect((await allOf(march, 7)).map((i) => i._id)).toEqual(whole);
  });

  it.each([
    ['kind=everything', 400],
    ['from=2026-03-05&to=2026-03-01', 400],
    ['from=2026-02-30', 400],
    ['cursor=bm90IGEgY3Vyc29y', 400],
    ['limit=101', 400],
  ])('refuses %s', async (query, status) => {
    expect((await get(`/api/audit?${query}`)).statusCode).toBe(status);
  });

  it('exports the same filter as CSV', async () => {
    const res = await get(`/api/audit.csv?${march}&from=2026-03-01`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-.*\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,Kind,What,Before,After,Address,Action,Link');
    const items = (await logOf(`${march}&from=2026-03-01`)).items;
    expect(lines.slice(1)).toHaveLength(items.length);
    expect(lines[6]).toBe(
      [
        '2026-03-01T13:30:00.000Z',
        'Paige Tester',
        'Prices and packages',
        'service.package_price_changed at 2026-03-01T13:30:00Z',
        '"Base cost $500.00, recurring cost $0.00"',
        '"Base cost $550.00, recurring cost $0.00"',
        '198.51.100.20',
        'service.package_price_changed',
        `/wkm-dashboard/services/edit/${service.service.id}`,
      ].join(','),
    );
    const other = await get(`/api/audit.csv?${march}&kind=other`);
    expect(other.body.trimEnd().split('\r\n')).toHaveLength(6);
  });

  it('offers the people who did something, by their name now', async () => {
    const people = (await get('/api/audit/people')).json<{ _id: string; name: string }[]>();
    expect(people).toContainEqual({ _id: pager.id, name: 'Paige Tester' });
    expect(people).toContainEqual({ _id: admin.user.id, name: 'Ada Admin' });
    expect(people.map((p) => p._id)).not.toContain(client.user.id);
    const names = people.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('the log is append-only', () => {
  it('refuses to change or remove an entry, and keeps a deleted person’s entries', async () => {
    const { user } = await staffMember('Gone');
    const [mine] = await db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e,
      );
      expect(errorCodes(error)).toContain('P0001');
    };
    await refused(db.update(auditLog).set({ summary: 'edited' }).where(eq(auditLog.id, mine!.id)));
    await refused(db.update(auditLog).set({ ip: '' }).where(eq(auditLog.id, mine!.id)));
    await refused(db.delete(auditLog).where(eq(auditLog.id, mine!.id)));

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/users/site-users/${user.id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(204);
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, mine!.id));
    expect(kept).toMatchObject({ actorId: null, actorName: 'Gone Tester', summary: mine!.summary });
    const deletions = (await logOf(`person=${admin.user.id}&kind=deletions`)).items;
    expect(deletions[0]).toMatchObject({ action: 'user.deleted', link: null });
  });
});

describe('what the log records', () => {
  it('quotes: created, repriced, renamed, readdressed, sent and deleted', async () => {
    const { user, token } = await staffMember('Quinn');
    const quote = await app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { name: 'Spring launch', value: 1000 },
    });
    const id = quote.json<{ _id: string }>()._id;
    await app.inject({
      method: 'PUT',
      url: `/api/quotes/${id}`,
      headers: bearer(token),
      payload: { name: 'Spring launch 2', value: 1200, recipientEmail: 'buyer@example.com' },
    });
    const send = await app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/send`,
      headers: bearer(token),
      payload: {},
    });
    expect(send.statusCode).toBe(202);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/quotes/${id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);

    const quotes = (await logOf(`person=${user.id}&kind=quotes`)).items;
    expect(quotes.map((i) => [i.action, i.before, i.after])).toEqual([
      ['quote.sent', null, null],
      ['quote.updated', 'Spring launch', 'Spring launch 2'],
      ['quote.updated', 'no one yet', 'buyer@example.com'],
      ['quote.price_changed', '$1,000.00', '$1,200.00'],
      ['quote.created', null, null],
    ]);
    expect(quotes[0]!.link).toBe(`/wkm-dashboard/custom-quotes/edit/${id}`);
    const deleted = (await logOf(`person=${user.id}&kind=deletions`)).items;
    expect(deleted).toMatchObject([
      { action: 'quote.deleted', summary: 'Deleted quote "Spring launch 2" ($1,200.00)' },
    ]);
  });

  it('prices and packages: the initial investment, a package repriced, added and removed', async () => {
    const { user, token } = await staffMember('Priya');
    const { service } = await createService(app, {
      packages: [
        { title: 'Small', type: 'one-time', baseCostCents: 10_000, features: ['A'] },
        { title: 'Old', type: 'one-time', baseCostCents: 20_000, features: ['B'] },
      ],
    });
    const current = manageServiceSchema.parse(
      (await get(`/api/services/${service.id}/manage`, token)).json(),
    );
    const small = current.packages.find((p) => p.title === 'Small')!;
    const res = await sendForm(
      app,
      token,
      'PUT',
      `/api/services/${service.id}`,
      form({
        packages: JSON.stringify([
          { ...small, baseCost: 150 },
          {
            title: 'New',
            type: 'monthly',
            baseCost: 250,
            recurringCost: 99,
            priceSuffix: 'per month',
            features: ['C'],
          },
        ]),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);

    const prices = (await logOf(`person=${user.id}&kind=prices`)).items;
    expect(prices.map((i) => [i.action, i.before, i.after])).toEqual(
      expect.arrayContaining([
        ['service.price_changed', '$100.00', '$250.00'],
        [
          'service.package_price_changed',
          'Base cost $100.00, recurring cost $0.00',
          'Base cost $150.00, recurring cost $0.00',
        ],
        ['service.package_removed', 'Title Old, base cost $200.00, recurring cost $0.00', 'none'],
        ['service.package_added', 'none', 'Title New, base cost $250.00, recurring cost $99.00'],
      ]),
    );
    expect(prices).toHaveLength(4);
    for (const item of prices) expect(item.link).toBe(`/wkm-dashboard/services/edit/${service.id}`);
  });

  it('subscriptions cancelled by their customer, with the sale to open', async () => {
    const fixture = await createServiceToOrder(app, {
      packages: [
        { title: 'Weekly', type: 'weekly', baseCostCents: 20_000, recurringCostCents: 10_000 },
      ],
      extras: [],
    });
    const paid = await pay(app, client.token, orderBody(fixture, { coordinatorId: cora.user.id }));
    expect(paid.statusCode, paid.body).toBe(200);
    const projectId = paid.json<{ projectId: string }>().projectId;
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/subscription/cancel`,
        headers: bearer(client.token),
        remoteAddress: '198.51.100.77',
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200);

    const cancelled = (await logOf(`person=${client.user.id}&kind=subscriptions`)).items;
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({
      actorName: 'Cleo Client',
      action: 'subscription.cancelled',
      before: 'Active',
      after: 'Cancelled',
      link: `/wkm-dashboard/sales/edit/${projectId}`,
      // The signed-in caller's address goes with what they did.
      ip: '198.51.100.77',
    });
    expect(cancelled[0]!.summary).toMatch(
      /^Weekly subscription of Order \d+ \(.+\) cancelled by the customer$/,
    );
  });

  it('reset links sent by staff', async () => {
    const { user, token } = await staffMember('Reese');
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/site-users/${cora.user.id}/reset-password`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(202);
    expect((await logOf(`person=${user.id}&kind=roles`)).items).toMatchObject([
      {
        action: 'user.reset_link_sent',
        summary: `Sent a password reset link to ${cora.user.email}`,
        link: `/wkm-dashboard/site-users/edit/${cora.user.id}`,
      },
    ]);
  });
});
