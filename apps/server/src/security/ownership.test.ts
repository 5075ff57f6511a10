import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  deliverables,
  notifications,
  projectBriefs,
  projectMessages,
  sandboxPaymentIntents,
  subscriptions,
  users,
} from '../db/schema.ts';
import { unsubscribeUrl } from '../lib/unsubscribe-link.ts';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
  sandboxCard,
} from '../test/order-factories.ts';

/**
 * Object-level access: client A asks for client B's records by id and is told they do not exist
 * (404, the same as a missing record), and B's records are unchanged afterwards.
 */
const { app, config } = await createTestApp();
const db = app.database.db;
const cora = await coordinator(app);
const alice = await createUser(app, { firstName: 'Alice', lastName: 'A' });
const bob = await createUser(app, { firstName: 'Bob', lastName: 'B' });

const monthly = await createServiceToOrder(app, {
  title: 'Monthly SEO',
  packages: [
    { title: 'Monthly', type: 'monthly', baseCostCents: 30_000, recurringCostCents: 20_000 },
  ],
  extras: [],
});

async function order(token: string) {
  const res = await pay(app, token, orderBody(monthly, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string; paymentId: string; defaultPaymentMethodId: string }>();
}

const bobOrder = await order(bob.token);
const aliceOrder = await order(alice.token);
const bobProject = bobOrder.projectId;
/** A refund of Bob's payment by an admin: its adjustment note is Bob's. */
const bobRefund = await refundOf(bobOrder);

async function refundOf(paid: { projectId: string; paymentId: string }) {
  const admin = await createUser(app, { role: 'admin' });
  const res = await app.inject({
    method: 'POST',
    url: `/api/projects/${paid.projectId}/payments/${paid.paymentId}/refunds`,
    headers: bearer(admin.token),
    payload: { amount: '1.00', reason: 'duplicate', idempotencyKey: `refund_${paid.paymentId}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ _id: string; noteUrl: string }>();
}

// Bob's brief with an attachment.
const brief = await app.inject({
  method: 'POST',
  url: `/api/projects/${bobProject}/brief`,
  headers: bearer(bob.token),
  body: multipart({ text: 'Our goals' }, [
    { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
  ]),
});
expect(brief.statusCode, brief.body).toBe(201);
const bobAttachment = brief.json<{ attachments: { _id: string }[] }>().attachments[0]!._id;
const bobEntry = brief.json<{ _id: string }>()._id;

// Bob's message to the team, with a file.
const message = await app.inject({
  method: 'POST',
  url: `/api/projects/${bobProject}/messages`,
  headers: bearer(bob.token),
  body: multipart({ text: 'A question' }, [
    { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
  ]),
});
expect(message.statusCode, message.body).toBe(201);
const bobMessageFile = message.json<{ attachments: { _id: string }[] }>().attachments[0]!._id;

// A deliverable the team sent Bob, waiting for his approval.
const delivered = await app.inject({
  method: 'POST',
  url: `/api/projects/${bobProject}/messages`,
  headers: bearer(cora.token),
  body: multipart({ text: 'Your logo', deliverable: 'Logo' }, [
    { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
  ]),
});
expect(delivered.statusCode, delivered.body).toBe(201);
const bobDeliverable = delivered.json<{ deliverable: { _id: string } }>().deliverable._id;

// Bob's custom quote, paid: a CustomQuote project.
const quote = await createQuote(app);
const quotePaid = await pay(app, bob.token, quoteBody(quote, { coordinatorId: cora.user.id }));
expect(quotePaid.statusCode, quotePaid.body).toBe(200);
const bobQuoteProject = quotePaid.json<{ projectId: string }>().projectId;

// Bob's notification, and a payment of his waiting for the bank's check.
await app.notifier.send([bob.user.id], { kind: 'status-update', title: 'For Bob only' });
const bobNotification = (
  await app.inject({ url: '/api/notifications', headers: bearer(bob.token) })
).json<{ items: { _id: string }[] }>().items[0]!._id;
const pending = await pay(
  app,
  bob.token,
  orderBody(monthly, { coordinatorId: cora.user.id, paymentMethod: sandboxCard('3ds') }),
);
expect(pending.json().requiresAction).toBe(true);
const bobIntent = pending.json<{ paymentIntentId: string; clientSecret: string }>();

const bobTeam = await app.inject({
  method: 'POST',
  url: '/api/company/invitations',
  headers: bearer(bob.token),
  payload: { email: 'bobs-helper@example.com', role: 'member' },
});
expect(bobTeam.statusCode, bobTeam.body).toBe(200);
const bobInvitation = bobTeam.json<{ invitations: { _id: string }[] }>().invitations[0]!._id;

// Bob's general question ('Ask us anything'), with a file: his company's, not Alice's.
const asked = await app.inject({
  method: 'POST',
  url: '/api/questions',
  headers: bearer(bob.token),
  body: multipart({ text: 'Can you do our menus?' }, [
    { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
  ]),
});
expect(asked.statusCode, asked.body).toBe(201);
const bobQuestion = asked.json<{ _id: string; messages: { attachments: { _id: string }[] }[] }>();
const bobQuestionFile = bobQuestion.messages[0]!.attachments[0]!._id;

const asAlice = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(alice.token), ...(payload ? { payload } : {}) });

/** Everything of Bob's that a refused request could have changed. */
async function bobState() {
  const [user] = await db.select().from(users).where(eq(users.id, bob.user.id));
  return {
    user: { ...user, updatedAt: undefined },
    subscriptions: await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, bob.user.id)),
    briefs: await db.select().from(projectBriefs).where(eq(projectBriefs.projectId, bobProject)),
    messages: await db
      .select()
      .from(projectMessages)
      .where(eq(projectMessages.projectId, bobProject)),
    deliverables: await db
      .select()
      .from(deliverables)
      .where(eq(deliverables.projectId, bobProject)),
    notifications: await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, bob.user.id)),
    intent: await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, bobIntent.paymentIntentId)),
    question: (
      await app.inject({ url: `/api/questions/${bobQuestion._id}`, headers: bearer(bob.token) })
    ).json<unknown>(),
    projects: (await app.inject({ url: '/api/projects', headers: bearer(bob.token) })).json<
      unknown[]
    >(),
  };
}

const before = await bobState();

/**
 * Every route with an id in its path or a userId query that a client may call, and the test
 * below that covers it. Staff-only id routes are covered by the role check of the permission
 * matrix; public ones serve the public catalogue or a capability link.
 */
const CLIENT_ID_ROUTES: Record<string, string> = {
  'GET /api/projects': 'userId query',
  'GET /api/projects/:id': 'project',
  'GET /api/projects/:id/brief': 'brief',
  'GET /api/projects/:id/brief/questions': 'brief',
  'POST /api/projects/:id/brief': 'brief',
  'PUT /api/projects/:id/brief/:entryId': 'brief',
  'GET /api/projects/:id/brief/attachments/:attachmentId': 'brief',
  'GET /api/projects/:id/messages': 'messages',
  'POST /api/projects/:id/messages': 'messages',
  'POST /api/projects/:id/messages/read': 'messages',
  'GET /api/projects/:id/messages/attachments/:attachmentId': 'messages',
  'GET /api/questions/:id': 'questions',
  'POST /api/questions/:id/messages': 'questions',
  'POST /api/questions/:id/read': 'questions',
  'GET /api/questions/:id/messages/attachments/:attachmentId': 'questions',
  'POST /api/projects/:id/deliverables/:deliverableId/approve': 'deliverables',
  'POST /api/projects/:id/deliverables/:deliverableId/changes': 'deliverables',
  'GET /api/projects/:id/subscription': 'subscription',
  'POST /api/projects/:id/subscription/cancel': 'subscription',
  'POST /api/projects/:id/subscription/pause': 'subscription',
  'POST /api/projects/:id/subscription/resume': 'subscription',
  'GET /api/projects/:id/subscription/plans': 'subscription',
  'POST /api/projects/:id/subscription/change': 'subscription',
  'POST /api/projects/:id/subscription/change/cancel': 'subscription',
  'GET /api/projects/:id/payments': 'payments and invoice',
  'GET /api/payments/:id/invoice': 'payments and invoice',
  'GET /api/refunds/:id/adjustment-note': 'payments and invoice',
  'POST /api/notifications/:id/read': 'notifications',
  'POST /api/company/invitations/:id/resend': 'company',
  'DELETE /api/company/invitations/:id': 'company',
  'PUT /api/company/members/:userId': 'company',
  'DELETE /api/company/members/:userId': 'company',
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
  'POST /api/users/api-keys/:id/revoke': 'api keys',
  // A proposal for a customer's account is their company's (docs/product.md#proposal-page).
  'POST /api/quotes/:id/accept': 'proposal',
  'POST /api/quotes/:id/decline': 'proposal',
  'GET /api/quotes/:id/signed.pdf': 'proposal',
  // Another company's plan and requests answer 404 (modules/requests/requests.test.ts).
  'POST /api/my/request-plans/:id/requests': 'requests',
  'POST /api/my/request-plans/:id/extra-request': 'requests',
  'POST /api/my/requests/:id/cancel': 'requests',
  'POST /api/my/requests/:id/move': 'requests',
};
const PUBLIC_ID_ROUTES = [
  'GET /api/services/:id',
  'GET /api/pages/:id',
  'GET /api/industries/:id',
  // A quote link is the capability to see and pay it (docs/product.md#permissions-and-roles),
  // unless it is for a customer's account: then the proposal test below covers it.
  'GET /api/quotes/:id',
  // The site's own About Us, Terms of Service and the like: the same for everyone.
  'GET /api/company-pages/:slug',
  // An invitation link is the capability to join its company (docs/product.md#client-companies).
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
  // A co-ordinator's names and photo, which the checkout's list shows anyone already
  // (modules/payments/coordinators.test.ts), and the shop's logo.
  'GET /api/users/coordinators/:id',
  'GET /api/business/logo/:file',
  // An invoice's pay link: its signature is the capability, and one invoice's signature opens no
  // other (modules/bills/bills.test.ts).
  'GET /api/invoices/:id/pay',
  'POST /api/invoices/:id/pay',
  'POST /api/invoices/:id/pay/confirm',
  // A declined renewal's card link: signed over the subscription and its declined card, so one
  // subscription's link opens no other (modules/payments/renewal-card.test.ts).
  'GET /api/subscriptions/:id/renewal-card',
  'POST /api/subscriptions/:id/renewal-card',
  // A payment provider's webhook: the name is the provider in use (any other answers 404) and
  // the provider's signature is the capability (modules/payments/stripe.test.ts).
  'POST /api/payments/:provider/webhook',
];

describe('object-level access', () => {
  it('every id route a client may call is covered here', () => {
    const idRoutes = app.declaredRoutes
      .filter(
        (r) => ['public', 'authenticated'].includes(r.access) || r.access.startsWith('client:'),
      )
      .filter((r) => r.url.includes('/:') || r.url === '/api/projects')
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const uncovered = idRoutes.filter(
      (k) => !(k in CLIENT_ID_ROUTES) && !PUBLIC_ID_ROUTES.includes(k),
    );
    expect(uncovered.map((k) => `cover ${k} in ownership.test.ts`)).toEqual([]);
  });

  it('project: B’s project, list and custom-quote project answer 404', async () => {
    expect((await asAlice('GET', `/api/projects/${bobProject}`)).statusCode).toBe(404);
    expect((await asAlice('GET', `/api/projects/${bobQuoteProject}`)).statusCode).toBe(404);
    expect((await asAlice('GET', `/api/projects?userId=${bob.user.id}`)).statusCode).toBe(404);
    const own = await asAlice('GET', `/api/projects/${aliceOrder.projectId}`);
    expect(own.statusCode).toBe(200);
  });

  it('brief: reading, adding to and downloading B’s brief answer 404', async () => {
    expect((await asAlice('GET', `/api/projects/${bobProject}/brief`)).statusCode).toBe(404);
    const asked = await asAlice('GET', `/api/projects/${bobProject}/brief/questions`);
    expect(asked.statusCode).toBe(404);
    const add = await app.inject({
      method: 'POST',
      url: `/api/projects/${bobProject}/brief`,
      headers: bearer(alice.token),
      body: multipart({ text: 'Injected' }),
    });
    expect(add.statusCode).toBe(404);
    const correct = await app.inject({
      method: 'PUT',
      url: `/api/projects/${bobProject}/brief/${bobEntry}`,
      headers: bearer(alice.token),
      payload: { text: 'Rewritten by someone else' },
    });
    expect(correct.statusCode).toBe(404);
    // B's entry id under A's own project is not found either.
    const crossedEntry = await app.inject({
      method: 'PUT',
      url: `/api/projects/${aliceOrder.projectId}/brief/${bobEntry}`,
      headers: bearer(alice.token),
      payload: { text: 'Rewritten by someone else' },
    });
    expect(crossedEntry.statusCode).toBe(404);
    const file = `/api/projects/${bobProject}/brief/attachments/${bobAttachment}`;
    expect((await asAlice('GET', file)).statusCode).toBe(404);
    // B's attachment id under A's own project is no way in either.
    const crossed = `/api/projects/${aliceOrder.projectId}/brief/attachments/${bobAttachment}`;
    expect((await asAlice('GET', crossed)).statusCode).toBe(404);
    expect((await app.inject({ url: file, headers: bearer(bob.token) })).statusCode).toBe(200);
  });

  it('messages: reading, writing to, marking read and downloading from B’s thread answer 404', async () => {
    expect((await asAlice('GET', `/api/projects/${bobProject}/messages`)).statusCode).toBe(404);
    const add = await app.inject({
      method: 'POST',
      url: `/api/projects/${bobProject}/messages`,
      headers: bearer(alice.token),
      body: multipart({ text: 'Injected' }),
    });
    expect(add.statusCode).toBe(404);
    expect((await asAlice('POST', `/api/projects/${bobProject}/messages/read`)).statusCode).toBe(
      404,
    );
    const file = `/api/projects/${bobProject}/messages/attachments/${bobMessageFile}`;
    expect((await asAlice('GET', file)).statusCode).toBe(404);
    const crossed = `/api/projects/${aliceOrder.projectId}/messages/attachments/${bobMessageFile}`;
    expect((await asAlice('GET', crossed)).statusCode).toBe(404);
    expect((await app.inject({ url: file, headers: bearer(bob.token) })).statusCode).toBe(200);
  });

  it('questions: reading, writing to, marking read and downloading from B’s general question answer 404', async () => {
    const base = `/api/questions/${bobQuestion._id}`;
    expect((await asAlice('GET', base)).statusCode).toBe(404);
    const add = await app.inject({
      method: 'POST',
      url: `${base}/messages`,
      headers: bearer(alice.token),
      body: multipart({ text: 'Injected' }),
    });
    expect(add.statusCode).toBe(404);
    expect((await asAlice('POST', `${base}/read`)).statusCode).toBe(404);
    const file = `${base}/messages/attachments/${bobQuestionFile}`;
    expect((await asAlice('GET', file)).statusCode).toBe(404);
    const list = await asAlice('GET', '/api/questions');
    expect(list.json<{ _id: string }[]>().map((q) => q._id)).not.toContain(bobQuestion._id);
    expect((await app.inject({ url: file, headers: bearer(bob.token) })).statusCode).toBe(200);
  });

  it('deliverables: approving or sending back B’s deliverable answers 404', async () => {
    const base = `/api/projects/${bobProject}/deliverables/${bobDeliverable}`;
    expect((await asAlice('POST', `${base}/approve`)).statusCode).toBe(404);
    const changes = await asAlice('POST', `${base}/changes`, { text: 'Make it pink' });
    expect(changes.statusCode).toBe(404);
    // Through her own project's address: still not found.
    const crossed = `/api/projects/${aliceOrder.projectId}/deliverables/${bobDeliverable}/approve`;
    expect((await asAlice('POST', crossed)).statusCode).toBe(404);
  });

  it('subscription: reading, cancelling and changing B’s subscription answer 404', async () => {
    expect((await asAlice('GET', `/api/projects/${bobProject}/subscription`)).statusCode).toBe(404);
    const cancel = await asAlice('POST', `/api/projects/${bobProject}/subscription/cancel`);
    expect(cancel.statusCode).toBe(404);
    const plans = await asAlice('GET', `/api/projects/${bobProject}/subscription/plans`);
    expect(plans.statusCode).toBe(404);
    const change = await asAlice('POST', `/api/projects/${bobProject}/subscription/change`, {
      packageId: 'any-package',
      idempotencyKey: 'ownership-plan-change',
    });
    expect(change.statusCode).toBe(404);
    const undo = await asAlice('POST', `/api/projects/${bobProject}/subscription/change/cancel`);
    expect(undo.statusCode).toBe(404);
    const pause = await asAlice('POST', `/api/projects/${bobProject}/subscription/pause`, {
      until: null,
    });
    expect(pause.statusCode).toBe(404);
    const resume = await asAlice('POST', `/api/projects/${bobProject}/subscription/resume`);
    expect(resume.statusCode).toBe(404);
  });

  it('payments and invoice: B’s payments, invoice and adjustment note PDFs answer 404', async () => {
    const note = await asAlice('GET', bobRefund.noteUrl);
    expect(note.statusCode).toBe(404);
    expect(note.headers['content-type']).not.toContain('pdf');
    const bobsNote = await app.inject({ url: bobRefund.noteUrl, headers: bearer(bob.token) });
    expect(bobsNote.statusCode).toBe(200);
    expect((await asAlice('GET', `/api/projects/${bobProject}/payments`)).statusCode).toBe(404);
    const invoice = await asAlice('GET', `/api/payments/${bobOrder.paymentId}/invoice`);
    expect(invoice.statusCode).toBe(404);
    expect(invoice.headers['content-type']).not.toContain('pdf');
    const own = await app.inject({
      url: `/api/payments/${bobOrder.paymentId}/invoice`,
      headers: bearer(bob.token),
    });
    expect(own.statusCode).toBe(200);
  });

  it('notifications: marking B’s notification read answers 404', async () => {
    expect((await asAlice('POST', `/api/notifications/${bobNotification}/read`)).statusCode).toBe(
      404,
    );
    const list = await asAlice('GET', '/api/notifications');
    expect(JSON.stringify(list.json())).not.toContain(bobNotification);
  });

  it('unsubscribe: A’s signed link with B’s id turns nothing off for B', async () => {
    const own = new URL(unsubscribeUrl(config, alice.user.id, 'status-update'));
    own.searchParams.set('u', bob.user.id);
    const forged = await app.inject({ method: 'POST', url: `${own.pathname}${own.search}` });
    expect(forged.statusCode).toBe(404);
    const settings = await app.inject({
      url: '/api/notifications/settings',
      headers: bearer(bob.token),
    });
    expect(settings.json().email['status-update']).toBe(true);
  });

  it('api keys: revoking someone else’s key answers 404, and it keeps working', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const made = await app.inject({
      method: 'POST',
      url: '/api/users/api-keys',
      headers: bearer(staff.token),
      payload: { name: 'CRM', permissions: ['sales:manage'] },
    });
    const { _id, key } = made.json<{ _id: string; key: string }>();
    expect((await asAlice('POST', `/api/users/api-keys/${_id}/revoke`)).statusCode).toBe(404);
    const used = await app.inject({ url: '/api/projects-all', headers: bearer(key) });
    expect(used.statusCode).toBe(200);
  });

  it('payment intents: confirming or approving B’s payment answers 404', async () => {
    const confirm = await asAlice('POST', '/api/payments/confirm', {
      paymentIntentId: bobIntent.paymentIntentId,
    });
    expect(confirm.statusCode).toBe(404);
    const approve = await asAlice('POST', '/api/payments/sandbox/authenticate', {
      clientSecret: bobIntent.clientSecret,
      outcome: 'fail',
    });
    expect(approve.statusCode).toBe(404);
  });

  it('card and payment details: B’s are answered like ones that do not exist', async () => {
    const info = await asAlice('POST', '/api/users/update-payment-info', {
      userId: bob.user.id,
      paymentCustomerId: 'cus_x',
      defaultPaymentMethodId: bobOrder.defaultPaymentMethodId,
    });
    expect(info.statusCode).toBe(404);
    const bobsCard = await asAlice('PUT', '/api/users/payment-method', {
      paymentMethodId: bobOrder.defaultPaymentMethodId,
    });
    const noSuchCard = await asAlice('PUT', '/api/users/payment-method', {
      paymentMethodId: 'pm_sandbox_doesnotexist00_success',
    });
    const madeUp = await asAlice('PUT', '/api/users/payment-method', {
      paymentMethodId: 'pm_nothing',
    });
    expect(bobsCard.statusCode).toBeGreaterThanOrEqual(400);
    expect(madeUp.statusCode).toBeGreaterThanOrEqual(400);
    expect({ status: bobsCard.statusCode, message: bobsCard.json().message }).toEqual({
      status: madeUp.statusCode,
      message: madeUp.json().message,
    });
    // A's own card on file is still A's own.
    const aliceCard = await asAlice('GET', '/api/users/payment-method');
    expect(aliceCard.json().card).toMatchObject({ last4: '4242' });
    expect(noSuchCard.statusCode).toBeLessThan(500);
  });

  it('quote: the link shows the quote, not who paid it, and a paid quote cannot be paid again', async () => {
    const seen = await asAlice('GET', `/api/quotes/${quote.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().paid).toBe(true);
    const text = seen.body;
    for (const secret of [bob.user.id, bob.user.email, bobQuoteProject, 'Bob']) {
      expect(text).not.toContain(secret);
    }
    const again = await pay(app, alice.token, quoteBody(quote, { coordinatorId: cora.user.id }));
    expect(again.statusCode).toBe(409);
    const aliceProjects = (await asAlice('GET', '/api/projects')).json<{ _id: string }[]>();
    expect(aliceProjects.map((p) => p._id)).toEqual([aliceOrder.projectId]);
  });

  it('proposal: A cannot read, accept, decline or download B’s proposal', async () => {
    const proposal = await createQuote(app, { name: 'Bob’s proposal', customerId: bob.user.id });
    const before = await bobState();
    const refused = [
      await asAlice('GET', `/api/quotes/${proposal.id}`),
      await asAlice('POST', `/api/quotes/${proposal.id}/accept`, {
        version: 1,
        name: 'Alice Mallory',
        agreeToTerms: true,
      }),
      await asAlice('POST', `/api/quotes/${proposal.id}/decline`, { reason: 'no' }),
      await asAlice('GET', `/api/quotes/${proposal.id}/signed.pdf`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Bob’s proposal');
    }
    const paid = await pay(app, alice.token, quoteBody(proposal, { coordinatorId: cora.user.id }));
    expect(paid.statusCode).toBe(403);
    expect(await bobState()).toEqual(before);
    const bobs = await app.inject({
      url: `/api/quotes/${proposal.id}`,
      headers: bearer(bob.token),
    });
    expect(bobs.json()).toMatchObject({ accepted: null, declinedAt: null, paid: false });
  });

  it('company: B’s invitations and people answer 404 to A', async () => {
    const urls = [
      ['POST', `/api/company/invitations/${bobInvitation}/resend`],
      ['DELETE', `/api/company/invitations/${bobInvitation}`],
      ['PUT', `/api/company/members/${bob.user.id}`, { role: 'billing' }],
      ['DELETE', `/api/company/members/${bob.user.id}`],
    ] as const;
    for (const [method, url, payload] of urls) {
      const res = await asAlice(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const team = await app.inject({ url: '/api/company', headers: bearer(bob.token) });
    expect(team.json().invitations.map((i: { _id: string }) => i._id)).toEqual([bobInvitation]);
    expect(team.json().members.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });

  it('files: B’s library, its folders and files answer 404 to A, by B’s address or her own', async () => {
    const bobCompany = (
      await app.inject({ url: '/api/company', headers: bearer(bob.token) })
    ).json<{
      company: { _id: string };
    }>().company._id;
    const aliceCompany = (
      await app.inject({ url: '/api/company', headers: bearer(alice.token) })
    ).json<{ company: { _id: string } }>().company._id;
    const bobLibrary = `/api/companies/${bobCompany}`;
    const folder = (
      await app.inject({
        method: 'POST',
        url: `${bobLibrary}/folders`,
        headers: bearer(bob.token),
        payload: { name: 'Logos' },
      })
    ).json<{ _id: string }>()._id;
    const uploaded = await app.inject({
      method: 'POST',
      url: `${bobLibrary}/files`,
      headers: bearer(bob.token),
      body: multipart({ folderId: folder }, [
        { field: 'file', fixture: 'image.png', type: 'image/png' },
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json<{ _id: string }>()._id;
    const binned = await app.inject({
      method: 'POST',
      url: `${bobLibrary}/files`,
      headers: bearer(bob.token),
      body: multipart({}, [{ field: 'file', fixture: 'image.png', type: 'image/png' }]),
    });
    const inBin = binned.json<{ _id: string }>()._id;
    await app.inject({
      method: 'DELETE',
      url: `${bobLibrary}/files/${inBin}`,
      headers: bearer(bob.token),
    });
    for (const library of [bobLibrary, `/api/companies/${aliceCompany}`]) {
      const own = library.endsWith(aliceCompany);
      const calls = [
        ...(own
          ? []
          : ([
              ['GET', `${library}/files`],
              ['GET', `${library}/bin`],
            ] as const)),
        ['GET', `${library}/files?folder=${folder}`],
        ['GET', `${library}/files/${file}/content`],
        ['PATCH', `${library}/files/${file}`, { name: 'mine.png' }],
        ['PATCH', `${library}/files/${file}`, own ? { folderId: null } : { folderId: folder }],
        ['DELETE', `${library}/files/${file}`],
        ['POST', `${library}/bin/${inBin}/restore`],
        ['DELETE', `${library}/bin/${inBin}`],
        ['POST', `${library}/folders`, { name: 'Inside', parentId: folder }],
        ['PATCH', `${library}/folders/${folder}`, { name: 'Renamed' }],
        ['DELETE', `${library}/folders/${folder}`],
      ] as const;
      for (const [method, url, payload] of calls) {
        const res = await app.inject({
          method,
          url,
          headers: bearer(alice.token),
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const upload = await app.inject({
        method: 'POST',
        url: `${library}/files`,
        headers: bearer(alice.token),
        body: multipart(own ? { folderId: folder } : {}, [
          { field: 'file', fixture: 'image.png', type: 'image/png' },
        ]),
      });
      expect(upload.statusCode, `upload to ${library}`).toBe(404);
    }
    const after = await app.inject({
      url: `${bobLibrary}/files?folder=${folder}`,
      headers: bearer(bob.token),
    });
    expect(after.json().files.map((f: { _id: string; name: string }) => [f._id, f.name])).toEqual([
      [file, 'image.png'],
    ]);
    const bin = await app.inject({ url: `${bobLibrary}/bin`, headers: bearer(bob.token) });
    expect(bin.json().files.map((f: { _id: string }) => f._id)).toEqual([inBin]);
  });

  it('leaves every record of B as it was', async () => {
    expect(await bobState()).toEqual(before);
  });
});
