import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  customQuotes,
  notifications,
  projectMessages,
  projects,
  proposalSignatures,
  users,
} from '../db/schema.ts';
import { createCompanyRepository } from '../modules/companies/repository.ts';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { createQuote, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

/**
 * A co-ordinator works on the projects assigned to them (docs/decisions/056). Colin's customer
 * Bob and his project are another team member's: every route a co-ordinator may call answers
 * Cora 404 for them (the same as a missing record), leaves them out of every list, count, search
 * and CSV, and changes nothing. An admin sees both.
 */
const { app } = await createTestApp();
const db = app.database.db;
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Own' });
const colin = await createUser(app, {
  role: 'co-ordinator',
  firstName: 'Colin',
  lastName: 'Other',
});
const admin = await createUser(app, { role: 'admin' });
const alice = await createUser(app, { firstName: 'Alice', lastName: 'Mine' });
const bob = await createUser(app, { firstName: 'Bob', lastName: 'Theirs' });

const monthly = await createServiceToOrder(app, {
  title: 'Monthly SEO',
  packages: [
    { title: 'Monthly', type: 'monthly', baseCostCents: 30_000, recurringCostCents: 20_000 },
  ],
  extras: [],
});

async function order(token: string, coordinatorId: string, companyName: string) {
  const res = await pay(app, token, orderBody(monthly, { coordinatorId, companyName }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string; paymentId: string; defaultPaymentMethodId: string }>();
}

const aliceOrder = await order(alice.token, cora.user.id, 'Alpha Bakery');
const bobOrder = await order(bob.token, colin.user.id, 'Bravo Plumbing');
const bobProject = bobOrder.projectId;
// A refund of Bob's payment, by an admin: its adjustment note is Colin's sale's, not Cora's.
const bobRefund = await app.inject({
  method: 'POST',
  url: `/api/projects/${bobOrder.projectId}/payments/${bobOrder.paymentId}/refunds`,
  headers: bearer(admin.token),
  payload: { amount: '1.00', reason: 'duplicate', idempotencyKey: `refund_${bobOrder.paymentId}` },
});
expect(bobRefund.statusCode, bobRefund.body).toBe(200);
const bobNoteUrl = bobRefund.json<{ noteUrl: string }>().noteUrl;
const [bobRow] = await db.select().from(users).where(eq(users.id, bob.user.id));
const bobCard = bobRow!.defaultPaymentMethodId!;

async function post(token: string, url: string, fields: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    body: multipart(fields, [
      { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; attachments: { _id: string }[]; deliverable?: { _id: string } }>();
}

const bobBrief = await post(bob.token, `/api/projects/${bobProject}/brief`, { text: 'Goals' });
const bobMessage = await post(bob.token, `/api/projects/${bobProject}/messages`, {
  text: 'A question for Colin',
});
const bobDeliverable = await post(colin.token, `/api/projects/${bobProject}/messages`, {
  text: 'Your logo',
  deliverable: 'Logo',
});
// Bob's general question, assigned to Colin; Alice's, assigned to Cora.
const bobQuestion = await app.inject({
  method: 'POST',
  url: '/api/questions',
  headers: bearer(bob.token),
  body: multipart({ text: 'Can you do menus?' }, [
    { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
  ]),
});
expect(bobQuestion.statusCode, bobQuestion.body).toBe(201);
const bobQuestionId = bobQuestion.json<{ _id: string }>()._id;
const bobQuestionFile = bobQuestion.json<{ messages: { attachments: { _id: string }[] }[] }>()
  .messages[0]!.attachments[0]!._id;
const aliceQuestion = await app.inject({
  method: 'POST',
  url: '/api/questions',
  headers: bearer(alice.token),
  body: multipart({ text: 'And flyers?' }),
});
const aliceQuestionId = aliceQuestion.json<{ _id: string }>()._id;
for (const [id, to] of [
  [bobQuestionId, colin.user.id],
  [aliceQuestionId, cora.user.id],
] as const) {
  const assigned = await app.inject({
    method: 'PATCH',
    url: `/api/questions/${id}`,
    headers: bearer(admin.token),
    payload: { assigneeId: to },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
}
await app.afterAnswer.drain();

const asCora = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(cora.token), ...(payload ? { payload } : {}) });
const ids = (items: { _id?: string; id?: string }[]) => items.map((i) => i._id ?? i.id);

/** Everything of Bob's a refused request could have changed. */
async function bobState() {
  return {
    user: (await db.select().from(users).where(eq(users.id, bob.user.id))).map((u) => ({
      ...u,
      updatedAt: undefined,
    })),
    project: (await db.select().from(projects).where(eq(projects.id, bobProject))).map((p) => ({
      ...p,
      updatedAt: undefined,
    })),
    messages: await db
      .select()
      .from(projectMessages)
      .where(eq(projectMessages.projectId, bobProject)),
    question: (
      await app.inject({ url: `/api/questions/${bobQuestionId}`, headers: bearer(colin.token) })
    ).json<unknown>(),
  };
}
const before = await bobState();

/**
 * Every route a co-ordinator may call, and the test below that covers its scope. A route added
 * for co-ordinators without a line here fails the first test.
 */
const COORDINATOR_ROUTES: Record<string, string> = {
  'GET /api/projects-all': 'sales list',
  'GET /api/projects-all/:id': 'sale',
  'GET /api/sales/filters': 'sales list',
  'PATCH /api/projects/:id': 'sale',
  'PUT /api/projects/:projectId/status': 'sale',
  'PUT /api/users/projects/:projectId/status': 'sale',
  'GET /api/projects': 'customer',
  'GET /api/projects/:id': 'sale',
  'GET /api/projects/:id/brief': 'brief, messages and deliverables',
  'GET /api/projects/:id/brief/questions': 'brief, messages and deliverables',
  'POST /api/projects/:id/brief': 'brief, messages and deliverables',
  'PUT /api/projects/:id/brief/:entryId': 'brief, messages and deliverables',
  'GET /api/projects/:id/brief/attachments/:attachmentId': 'brief, messages and deliverables',
  'GET /api/projects/:id/messages': 'brief, messages and deliverables',
  'POST /api/projects/:id/messages': 'brief, messages and deliverables',
  'POST /api/projects/:id/messages/read': 'brief, messages and deliverables',
  'GET /api/projects/:id/messages/attachments/:attachmentId': 'brief, messages and deliverables',
  'POST /api/projects/:id/deliverables/:deliverableId/approve': 'brief, messages and deliverables',
  'POST /api/projects/:id/deliverables/:deliverableId/changes': 'brief, messages and deliverables',
  'GET /api/projects/:id/payments': 'payments',
  'GET /api/payments/:id/invoice': 'payments',
  'GET /api/refunds/:id/adjustment-note': 'payments',
  'GET /api/projects/:id/subscription': 'payments',
  'POST /api/projects/:id/subscription/cancel': 'payments',
  'POST /api/projects/:id/subscription/pause': 'payments',
  'POST /api/projects/:id/subscription/resume': 'payments',
  'GET /api/projects/:id/subscription/plans': 'payments',
  'POST /api/projects/:id/subscription/change': 'payments',
  'POST /api/projects/:id/subscription/change/cancel': 'payments',
  'POST /api/projects/:id/balance-request': 'payments',
  'GET /api/users/clients': 'customer',
  'GET /api/users/clients/:id': 'customer',
  'PUT /api/users/clients/:id': 'customer',
  'GET /api/users/clients/:id/notes': 'customer',
  'POST /api/users/clients/:id/notes': 'customer',
  'GET /api/users/clients/:id/audit': 'customer',
  'GET /api/users/clients/:id/projects': 'customer',
  'GET /api/payment-methods/:paymentMethodId': 'customer',
  'PUT /api/payment-methods/:customerId': 'customer',
  'GET /api/overview': 'overview',
  'GET /api/messages/inbox': 'inbox and bells',
  'GET /api/questions': 'general questions',
  'POST /api/questions': 'general questions',
  'GET /api/questions/:id': 'general questions',
  'PATCH /api/questions/:id': 'general questions',
  'POST /api/questions/:id/messages': 'general questions',
  'POST /api/questions/:id/read': 'general questions',
  'GET /api/questions/:id/messages/attachments/:attachmentId': 'general questions',
  'GET /api/my-work': 'my work',
  'GET /api/notifications': 'inbox and bells',
  'GET /api/companies/:id': 'company',
  'POST /api/companies/:id/invitations': 'company',
  'GET /api/companies/:companyId/files': 'files',
  'POST /api/companies/:companyId/files': 'files',
  'GET /api/companies/:companyId/files/:fileId/content': 'files',
  'PATCH /api/companies/:companyId/files/:fileId': 'files',
  'DELETE /api/companies/:companyId/files/:fileId': 'files',
  'GET /api/companies/:companyId/bin': 'files',
  'POST /api/companies/:companyId/bin/:fileId/restore': 'files',
  'DELETE /api/companies/:companyId/bin/:fileId': 'files',
  'POST /api/companies/:companyId/folders': 'files',
  'PATCH /api/companies/:companyId/folders/:folderId': 'files',
  'DELETE /api/companies/:companyId/folders/:folderId': 'files',
  'GET /api/requests': 'request board',
  'GET /api/requests/:id': 'request board',
  'POST /api/requests/:id/move': 'request board',
};
/** Routes about the caller alone (their account, bells, settings) or a checkout of their own. */
const OWN_ONLY = [
  'GET /api/auth/user',
  'POST /api/auth/logout',
  'GET /api/auth/two-factor/status',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/confirm',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/recovery-codes',
  'GET /api/users/profile',
  'PUT /api/users/profile',
  'PUT /api/users/password',
  'GET /api/users/payment-method',
  'PUT /api/users/payment-method',
  'POST /api/users/update-payment-info',
  'GET /api/users/recently-viewed',
  'POST /api/users/recently-viewed',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'GET /api/notifications/settings',
  'PUT /api/notifications/settings',
  'GET /api/notifications/stream',
  'GET /api/messages/unread',
  'POST /api/payments/confirm',
  'POST /api/payments/handle-payment',
  // A customer's own company (Team): staff have none, so these answer them 404.
  'GET /api/company',
  'PUT /api/company',
  'POST /api/company/invitations',
  'POST /api/company/invitations/:id/resend',
  'DELETE /api/company/invitations/:id',
  'PUT /api/company/members/:userId',
  'DELETE /api/company/members/:userId',
  // What waits for a customer's company, and its billing: staff have none, so these answer
  // them empty (client-actions/needs-action.test.ts, billing/billing.test.ts).
  'GET /api/my/actions',
  'GET /api/billing',
  // Its account credit: staff have no company, so this answers them 404
  // (payments/account-credit.test.ts).
  'GET /api/my/credit',
  // A customer's own request plans: staff have no company, so these answer them empty or 404
  // (requests/requests.test.ts).
  'GET /api/my/request-plans',
  'POST /api/my/request-plans/:id/requests',
  'POST /api/my/request-plans/:id/extra-request',
  'POST /api/my/requests/:id/cancel',
  'POST /api/my/requests/:id/move',
  // Their own address's confirmation link (security/unproven-accounts.test.ts).
  'POST /api/auth/verify-email/resend',
  // Their own API keys: a key of theirs sees what they see (modules/api-keys/api-keys.test.ts).
  'GET /api/users/api-keys',
  'POST /api/users/api-keys',
  'POST /api/users/api-keys/:id/revoke',
  // Any co-ordinator's names and photo, as the checkout lists them for anyone: no one's work
  // (modules/payments/coordinators.test.ts).
  'GET /api/users/coordinators/:id',
];

describe('a co-ordinator sees only the work assigned to them', () => {
  it('every route a co-ordinator may call is covered here', () => {
    const reachable = app.declaredRoutes
      .filter((r) => r.access !== 'public')
      .filter(
        (r) =>
          r.access === 'authenticated' ||
          r.access.startsWith('client:') ||
          ['overview:read', 'customers:manage', 'sales:manage'].includes(r.access),
      )
      .map((r) => `${r.method} ${r.url}`);
    const uncovered = reachable.filter((k) => !(k in COORDINATOR_ROUTES) && !OWN_ONLY.includes(k));
    expect(uncovered.map((k) => `cover ${k} in coordinator-scope.test.ts`)).toEqual([]);
  });

  it('her API key sees only her work too', async () => {
    const made = await asCora('POST', '/api/users/api-keys', {
      name: 'Her sheet',
      permissions: ['sales:manage'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json<{ key: string }>().key;
    const list = await app.inject({ url: '/api/projects-all', headers: bearer(key) });
    expect(ids(list.json().items)).toEqual([aliceOrder.projectId]);
    const other = await app.inject({ url: `/api/projects/${bobProject}`, headers: bearer(key) });
    expect(other.statusCode).toBe(404);
  });

  it('sales list: the list, its search, its filters and the sale answer only her own', async () => {
    const list = await asCora('GET', '/api/projects-all');
    expect(list.statusCode).toBe(200);
    expect(ids(list.json().items)).toEqual([aliceOrder.projectId]);
    const search = await asCora('GET', '/api/projects-all?search=Bravo');
    expect(search.json().items).toEqual([]);
    const byMember = await asCora('GET', `/api/projects-all?teamMember=${colin.user.id}`);
    expect(byMember.json().items).toEqual([]);
    const filters = (await asCora('GET', '/api/sales/filters')).json();
    expect(filters.companies).toEqual(['Alpha Bakery']);
    // An admin sees both.
    const all = await app.inject({ url: '/api/projects-all', headers: bearer(admin.token) });
    expect(ids(all.json().items).sort()).toEqual([aliceOrder.projectId, bobProject].sort());
    const adminFilters = await app.inject({
      url: '/api/sales/filters',
      headers: bearer(admin.token),
    });
    expect(adminFilters.json().companies).toEqual(['Alpha Bakery', 'Bravo Plumbing']);
  });

  it('sale: reading, editing and posting an update on another’s sale answer 404', async () => {
    expect((await asCora('GET', `/api/projects-all/${bobProject}`)).statusCode).toBe(404);
    expect((await asCora('GET', `/api/projects/${bobProject}`)).statusCode).toBe(404);
    const edit = await asCora('PATCH', `/api/projects/${bobProject}`, { status: 'on-hold' });
    expect(edit.statusCode).toBe(404);
    const update = {
      statusUpdate: { title: 'Project In Progress', date: '2026-11-20', description: 'x' },
    };
    for (const url of [
      `/api/projects/${bobProject}/status`,
      `/api/users/projects/${bobProject}/status`,
    ]) {
      expect((await asCora('PUT', url, update)).statusCode).toBe(404);
    }
    // Her own opens; taking it off herself is an admin's call.
    expect((await asCora('GET', `/api/projects-all/${aliceOrder.projectId}`)).statusCode).toBe(200);
    const handOver = await asCora('PATCH', `/api/projects/${aliceOrder.projectId}`, {
      coordinatorId: colin.user.id,
    });
    expect(handOver.statusCode).toBe(403);
    expect(await bobState()).toEqual(before);
  });

  it('brief, messages and deliverables of another’s project answer 404', async () => {
    const base = `/api/projects/${bobProject}`;
    expect((await asCora('GET', `${base}/brief`)).statusCode).toBe(404);
    expect((await asCora('GET', `${base}/brief/questions`)).statusCode).toBe(404);
    const correct = await asCora('PUT', `${base}/brief/${bobBrief._id}`, { text: 'Changed' });
    expect(correct.statusCode).toBe(404);
    const file = `${base}/brief/attachments/${bobBrief.attachments[0]!._id}`;
    expect((await asCora('GET', file)).statusCode).toBe(404);
    expect((await asCora('GET', `${base}/messages`)).statusCode).toBe(404);
    const messageFile = `${base}/messages/attachments/${bobMessage.attachments[0]!._id}`;
    expect((await asCora('GET', messageFile)).statusCode).toBe(404);
    expect((await asCora('POST', `${base}/messages/read`)).statusCode).toBe(404);
    for (const url of [`${base}/brief`, `${base}/messages`]) {
      const write = await app.inject({
        method: 'POST',
        url,
        headers: bearer(cora.token),
        body: multipart({ text: 'Injected' }),
      });
      expect(write.statusCode, url).toBe(404);
    }
    const deliverable = `${base}/deliverables/${bobDeliverable.deliverable!._id}`;
    expect((await asCora('POST', `${deliverable}/approve`)).statusCode).toBe(404);
    expect((await asCora('POST', `${deliverable}/changes`, { text: 'No' })).statusCode).toBe(404);
    // Colin, whose project it is, reads it all.
    const own = await app.inject({ url: `${base}/messages`, headers: bearer(colin.token) });
    expect(own.statusCode).toBe(200);
    expect(await bobState()).toEqual(before);
  });

  it('general questions: only those assigned to her; another’s answer 404', async () => {
    const listed = await asCora('GET', '/api/questions');
    expect(ids(listed.json())).toContain(aliceQuestionId);
    expect(ids(listed.json())).not.toContain(bobQuestionId);
    const base = `/api/questions/${bobQuestionId}`;
    expect((await asCora('GET', base)).statusCode).toBe(404);
    expect((await asCora('PATCH', base, { status: 'closed' })).statusCode).toBe(404);
    expect((await asCora('PATCH', base, { assigneeId: cora.user.id })).statusCode).toBe(404);
    expect((await asCora('POST', `${base}/read`)).statusCode).toBe(404);
    const file = `${base}/messages/attachments/${bobQuestionFile}`;
    expect((await asCora('GET', file)).statusCode).toBe(404);
    const write = await app.inject({
      method: 'POST',
      url: `${base}/messages`,
      headers: bearer(cora.token),
      body: multipart({ text: 'Injected' }),
    });
    expect(write.statusCode).toBe(404);
    // Staff answer questions; they do not ask them.
    const asking = await app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: bearer(cora.token),
      body: multipart({ text: 'Staff question' }),
    });
    expect(asking.statusCode).toBe(403);
    // Her own, she reads and answers; Colin reads his.
    expect((await asCora('GET', `/api/questions/${aliceQuestionId}`)).statusCode).toBe(200);
    expect((await app.inject({ url: base, headers: bearer(colin.token) })).statusCode).toBe(200);
    expect(await bobState()).toEqual(before);
  });

  it('payments: another’s payments, invoice and subscription answer 404', async () => {
    expect((await asCora('GET', `/api/projects/${bobProject}/payments`)).statusCode).toBe(404);
    expect((await asCora('GET', `/api/payments/${bobOrder.paymentId}/invoice`)).statusCode).toBe(
      404,
    );
    expect((await asCora('GET', `/api/projects/${bobProject}/subscription`)).statusCode).toBe(404);
    const cancel = await asCora('POST', `/api/projects/${bobProject}/subscription/cancel`);
    expect(cancel.statusCode).toBe(404);
    const pause = await asCora('POST', `/api/projects/${bobProject}/subscription/pause`, {
      until: null,
    });
    expect(pause.statusCode).toBe(404);
    const resume = await asCora('POST', `/api/projects/${bobProject}/subscription/resume`);
    expect(resume.statusCode).toBe(404);
    expect((await asCora('GET', `/api/projects/${bobProject}/subscription/plans`)).statusCode).toBe(
      404,
    );
    const change = await asCora('POST', `/api/projects/${bobProject}/subscription/change`, {
      packageId: 'any-package',
      idempotencyKey: 'plan-change-scope-1',
    });
    expect(change.statusCode).toBe(404);
    const cancelChange = await asCora(
      'POST',
      `/api/projects/${bobProject}/subscription/change/cancel`,
    );
    expect(cancelChange.statusCode).toBe(404);
    const balance = await asCora('POST', `/api/projects/${bobProject}/balance-request`);
    expect(balance.statusCode).toBe(404);
    expect((await asCora('GET', bobNoteUrl)).statusCode).toBe(404);
    expect((await app.inject({ url: bobNoteUrl, headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
    const own = await asCora('GET', `/api/payments/${aliceOrder.paymentId}/invoice`);
    expect(own.statusCode).toBe(200);
    expect(await bobState()).toEqual(before);
  });

  it('customer: another’s customer is missing from the list and search, and answers 404', async () => {
    const list = await asCora('GET', '/api/users/clients');
    expect(ids(list.json())).toEqual([alice.user.id]);
    expect((await asCora('GET', '/api/users/clients?q=Bob')).json()).toEqual([]);
    const client = `/api/users/clients/${bob.user.id}`;
    expect((await asCora('GET', client)).statusCode).toBe(404);
    const profile = { firstName: 'X', lastName: 'Y', companyName: 'Z', contactNumber: '' };
    expect((await asCora('PUT', client, { profile })).statusCode).toBe(404);
    expect((await asCora('GET', `${client}/notes`)).statusCode).toBe(404);
    expect((await asCora('POST', `${client}/notes`, { note: 'Injected' })).statusCode).toBe(404);
    expect((await asCora('GET', `${client}/audit`)).statusCode).toBe(404);
    expect((await asCora('GET', `${client}/projects`)).statusCode).toBe(404);
    const projectsOf = await asCora('GET', `/api/projects?userId=${bob.user.id}`);
    expect(projectsOf.json()).toEqual([]);
    expect(projectsOf.headers['x-total-count']).toBe('0');
    expect((await asCora('GET', `/api/payment-methods/${bobCard}`)).statusCode).toBe(404);
    const card = await asCora('PUT', `/api/payment-methods/${bob.user.id}`, {
      paymentMethodId: bobCard,
    });
    expect(card.statusCode).toBe(404);
    // Her own customer opens, with only her projects.
    expect((await asCora('GET', `/api/users/clients/${alice.user.id}`)).statusCode).toBe(200);
    const own = await asCora('GET', `/api/users/clients/${alice.user.id}/projects`);
    expect(ids(own.json())).toEqual([aliceOrder.projectId]);
    expect(
      (await asCora('GET', `/api/payment-methods/${aliceOrder.defaultPaymentMethodId}`)).statusCode,
    ).toBe(200);
    expect(await bobState()).toEqual(before);
  });

  it('a customer with projects of both shows her only the projects assigned to her', async () => {
    const second = await order(bob.token, cora.user.id, 'Bravo Plumbing');
    try {
      const projectsOf = await asCora('GET', `/api/projects?userId=${bob.user.id}`);
      expect(ids(projectsOf.json())).toEqual([second.projectId]);
      expect(projectsOf.headers['x-total-count']).toBe('1');
      const listed = await asCora('GET', `/api/users/clients/${bob.user.id}/projects`);
      expect(ids(listed.json())).toEqual([second.projectId]);
      const audit = (await asCora('GET', `/api/users/clients/${bob.user.id}/audit`)).json<
        { entityType: string; entityId: string }[]
      >();
      expect(audit.filter((e) => e.entityType === 'project' && e.entityId === bobProject)).toEqual(
        [],
      );
    } finally {
      // Back to one project each for the tests that follow.
      await app.inject({
        method: 'PATCH',
        url: `/api/projects/${second.projectId}`,
        headers: bearer(admin.token),
        payload: { coordinatorId: colin.user.id },
      });
    }
  });

  it('overview: sales, customers and revenue count only hers', async () => {
    const overview = (await asCora('GET', '/api/overview')).json();
    expect(ids(overview.salesData)).toEqual([aliceOrder.projectId]);
    expect(ids(overview.clients)).toEqual([alice.user.id]);
    expect(overview.needsCoordinator).toEqual([]);
    expect(overview.revenue.today.totalOrders).toBe(1);
    const all = (await app.inject({ url: '/api/overview', headers: bearer(admin.token) })).json();
    expect(all.revenue.today.totalOrders).toBe(3);
    expect(all.revenue.today.totalSales).toBeGreaterThan(overview.revenue.today.totalSales);
  });

  it('inbox and bells: another’s customer messages reach neither', async () => {
    await post(bob.token, `/api/projects/${bobProject}/messages`, { text: 'Any news?' });
    await app.afterAnswer.drain();
    expect((await asCora('GET', '/api/messages/inbox')).json()).toEqual([]);
    const colinInbox = await app.inject({
      url: '/api/messages/inbox',
      headers: bearer(colin.token),
    });
    expect(colinInbox.json().map((i: { projectId: string }) => i.projectId)).toContain(bobProject);
    const bells = (who: string) =>
      db.select().from(notifications).where(eq(notifications.userId, who));
    expect((await bells(cora.user.id)).filter((n) => n.projectId === bobProject)).toEqual([]);
    expect((await bells(cora.user.id)).some((n) => n.title.includes('Bob'))).toBe(false);
    expect((await bells(colin.user.id)).some((n) => n.kind === 'customer-message')).toBe(true);
    expect((await bells(admin.user.id)).some((n) => n.kind === 'customer-message')).toBe(true);
    const list = (await asCora('GET', '/api/notifications')).json<{ items: { link: string }[] }>();
    expect(list.items.filter((n) => n.link.includes(bobProject))).toEqual([]);
  });

  it('company: another’s client company answers 404 and takes no invitation', async () => {
    const companies = createCompanyRepository(db);
    const aliceCompany = (await companies.membershipOf(alice.user.id))!.companyId;
    const bobCompany = (await companies.membershipOf(bob.user.id))!.companyId;
    const own = await asCora('GET', `/api/companies/${aliceCompany}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().members.map((m: { userId: string }) => m.userId)).toEqual([alice.user.id]);
    expect((await asCora('GET', `/api/companies/${bobCompany}`)).statusCode).toBe(404);
    const invite = await asCora('POST', `/api/companies/${bobCompany}/invitations`, {
      email: 'someone@example.com',
      role: 'member',
    });
    expect(invite.statusCode).toBe(404);
    expect((await companies.openInvitations(bobCompany)).length).toBe(0);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/companies/${bobCompany}`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await asCora('GET', '/api/company')).statusCode).toBe(404);
  });

  it('files: another’s client company’s library answers 404 and takes nothing', async () => {
    const companies = createCompanyRepository(db);
    const aliceCompany = (await companies.membershipOf(alice.user.id))!.companyId;
    const bobCompany = (await companies.membershipOf(bob.user.id))!.companyId;
    const own = await asCora('GET', `/api/companies/${aliceCompany}/files`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().folders.map((f: { projectId: string | null }) => f.projectId)).toEqual([
      null,
      aliceOrder.projectId,
    ]);
    const theirs = `/api/companies/${bobCompany}`;
    expect((await asCora('GET', `${theirs}/files`)).statusCode).toBe(404);
    expect((await asCora('GET', `${theirs}/bin`)).statusCode).toBe(404);
    expect((await asCora('POST', `${theirs}/folders`, { name: 'Injected' })).statusCode).toBe(404);
    const upload = await app.inject({
      method: 'POST',
      url: `${theirs}/files`,
      headers: bearer(cora.token),
      body: multipart({}, [{ field: 'file', fixture: 'image.png', type: 'image/png' }]),
    });
    expect(upload.statusCode).toBe(404);
    const asAdmin = await app.inject({ url: `${theirs}/files`, headers: bearer(admin.token) });
    expect(asAdmin.statusCode).toBe(200);
    const folders = asAdmin.json().folders as { name: string; projectId: string | null }[];
    expect(folders.map((f) => f.name)).toContain('Brand assets');
    expect(folders.map((f) => f.projectId)).toContain(bobProject);
  });

  it('proposals: she reads her own customer’s proposal but cannot accept, decline or record it for them', async () => {
    // The probe's attack: a co-ordinator signing a client's proposal, which then read as theirs.
    const proposal = await createQuote(app, {
      name: 'Alice’s proposal',
      customerId: alice.user.id,
      accepted: false,
    });
    expect((await asCora('GET', `/api/quotes/${proposal.id}`)).statusCode).toBe(200);
    const sign = { version: 1, name: 'Alice Mine', agreeToTerms: true };
    for (const [url, payload] of [
      [`/api/quotes/${proposal.id}/accept`, sign],
      [`/api/quotes/${proposal.id}/decline`, { reason: 'Too dear' }],
      [
        `/api/quotes/${proposal.id}/record-acceptance`,
        { version: 1, name: 'Alice Mine', note: 'x' },
      ],
    ] as const) {
      expect((await asCora('POST', url, payload)).statusCode, url).toBe(403);
    }
    const [row] = await db.select().from(customQuotes).where(eq(customQuotes.id, proposal.id));
    expect(row).toMatchObject({ acceptedAt: null, declinedAt: null });
    const signed = await db
      .select()
      .from(proposalSignatures)
      .where(eq(proposalSignatures.quoteId, proposal.id));
    expect(signed).toEqual([]);
  });

  it('my work: another member’s list is refused', async () => {
    expect((await asCora('GET', `/api/my-work?member=${colin.user.id}`)).statusCode).toBe(403);
    const own = (await asCora('GET', '/api/my-work')).json<{ items: { projectId: string }[] }>();
    expect(own.items.map((i) => i.projectId)).toEqual([aliceOrder.projectId]);
  });

  it('request board and a request’s page: another’s client’s requests are missing and answer 404', async () => {
    const plan = await order(bob.token, colin.user.id, 'Bravo Plumbing');
    await db
      .update(projects)
      .set({ packageActiveRequestLimit: 1 })
      .where(eq(projects.id, plan.projectId));
    const made = await app.inject({
      method: 'POST',
      url: `/api/my/request-plans/${plan.projectId}/requests`,
      headers: bearer(bob.token),
      payload: multipart({ title: 'A flyer' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json<{ id: string; version: number }>();
    const board = (await asCora('GET', '/api/requests')).json<{ requests: { id: string }[] }>();
    expect(board.requests.map((r) => r.id)).not.toContain(request.id);
    expect((await asCora('GET', `/api/requests/${request.id}`)).statusCode).toBe(404);
    const move = await asCora('POST', `/api/requests/${request.id}/move`, {
      state: 'done',
      version: request.version,
    });
    expect(move.statusCode).toBe(404);
  });
});
