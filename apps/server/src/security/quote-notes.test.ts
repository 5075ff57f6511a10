import { describe, expect, it } from 'vitest';
import { customQuotes } from '../db/schema.ts';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { coordinator, pay, quoteBody, signQuote } from '../test/order-factories.ts';

/**
 * A custom quote's internal notes are the staff's: no answer a customer or an anonymous caller
 * can get carries them, on any route, with any of the ids they might hold.
 */
const { app } = await createTestApp();
const NOTES = 'INTERNAL-NOTES-do-not-show-7f3a';
const cora = await coordinator(app);
const customer = await createUser(app);
const staff = await createUser(app, { role: 'admin' });

const [quote] = await app.database.db
  .insert(customQuotes)
  .values({
    name: 'Spring launch',
    summary: 'Strategy and a launch video for the spring range',
    internalNotes: NOTES,
    valueCents: 150_000,
  })
  .returning();
const [unpaid] = await app.database.db
  .insert(customQuotes)
  .values({ name: 'Not paid yet', internalNotes: NOTES, valueCents: 90_000 })
  .returning();
await signQuote(app, quote!.id, customer.token);
const paid = await pay(app, customer.token, quoteBody(quote!, { coordinatorId: cora.user.id }));
const { projectId, paymentId } = paid.json<{ projectId: string; paymentId: string }>();
// Addressed to the customer and sent: in their bell, with who it is for and where it stands.
const addressed = await app.inject({
  method: 'POST',
  url: '/api/quotes',
  headers: bearer(staff.token),
  payload: {
    name: 'For the customer',
    internalNotes: NOTES,
    value: 800,
    customerId: customer.user.id,
  },
});
const addressedId = addressed.json<{ _id: string }>()._id;
const sent = await app.inject({
  method: 'POST',
  url: `/api/quotes/${addressedId}/send`,
  headers: bearer(staff.token),
  payload: {},
});

const ids = [quote!.id, unpaid!.id, addressedId, projectId, paymentId, customer.user.id];
// The stream never ends; signing out would make the rest of the walk anonymous only.
const SKIPPED = new Set(['/api/notifications/stream', '/api/auth/logout']);

describe('internal notes of a custom quote', () => {
  it('reach staff who manage quotes', async () => {
    const res = await app.inject({ url: '/api/quotes', headers: bearer(staff.token) });
    expect(res.body).toContain(NOTES);
  });

  it('never reach a customer or an anonymous caller, on any route', async () => {
    expect(paid.statusCode).toBe(200);
    expect(sent.statusCode).toBe(202);
    const leaks: string[] = [];
    let calls = 0;
    for (const route of app.declaredRoutes) {
      if (SKIPPED.has(route.url) || route.url.startsWith('/api/docs')) continue;
      const urls = route.url.includes(':')
        ? ids.map((id) => route.url.replace(/:[A-Za-z]+/g, id))
        : [route.url];
      for (const url of urls) {
        for (const headers of [{}, bearer(customer.token)]) {
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          calls++;
          if (res.statusCode === 401 && 'authorization' in headers) {
            leaks.push(`${route.method} ${url} signed the customer out`);
          }
          if (res.body.includes(NOTES)) leaks.push(`${route.method} ${url} -> ${res.statusCode}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(200);
  });

  it('reach staff with who the quote is for and where it stands', async () => {
    const res = await app.inject({
      url: `/api/quotes/${addressedId}/manage`,
      headers: bearer(staff.token),
    });
    expect(res.json()).toMatchObject({
      internalNotes: NOTES,
      customer: { id: customer.user.id },
      recipientEmail: customer.user.email,
      sentAt: expect.any(String),
    });
  });

  it("the quote's own customer gets the payment page's fields only", async () => {
    const page = await app.inject({
      url: `/api/quotes/${addressedId}`,
      headers: bearer(customer.token),
    });
    expect(Object.keys(page.json()).sort()).toEqual(
      [
        ...['_id', 'deliverables', 'deliveryDays', 'extras', 'name', 'paid', 'summary', 'value'],
        ...['depositPercent', 'depositAmount', 'depositPaid', 'balanceRequested', 'projectId'],
        ...['balanceDueDate'],
        // The proposal: terms, version, dates, whom it is for and by whom, its answer.
        ...['terms', 'version', 'validUntil', 'sentAt', 'preparedFor', 'preparedBy'],
        ...['expired', 'accepted', 'declinedAt'],
      ].sort(),
    );
    const bell = await app.inject({ url: '/api/notifications', headers: bearer(customer.token) });
    expect(bell.body).toContain(`/custom-quote/${addressedId}`);
    expect(bell.body).not.toContain(NOTES);
  });

  it("the customer's quote page and project carry the summary instead", async () => {
    const page = await app.inject({ url: `/api/quotes/${quote!.id}` });
    expect(page.json()).toMatchObject({
      summary: 'Strategy and a launch video for the spring range',
    });
    expect(page.json()).not.toHaveProperty('internalNotes');
    const project = await app.inject({
      url: `/api/projects/${projectId}`,
      headers: bearer(customer.token),
    });
    expect(project.json().service.description).toBe(
      'Strategy and a launch video for the spring range',
    );
  });
});
