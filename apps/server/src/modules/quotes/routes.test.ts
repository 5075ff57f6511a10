import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, pay, quoteBody } from '../../test/order-factories.ts';

const { app } = await createTestApp();
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const cora = await coordinator(app);
const client = await createUser(app, { email: 'quote.client@example.com' });

const body = {
  name: 'Launch campaign',
  summary: 'Strategy and a launch video for the spring range',
  internalNotes: 'Internal: big client',
  deliverables: 'Strategy, Video',
  extras: 'Drone',
  value: 4999.95,
};
const create = (token: string, payload: object = body) =>
  app.inject({ method: 'POST', url: '/api/quotes', headers: bearer(token), payload });

describe('custom quotes', () => {
  it('admin creates, lists, edits and removes a quote; the price change is logged', async () => {
    const res = await create(admin.token);
    expect(res.statusCode).toBe(201);
    const quote = res.json();
    expect(quote).toMatchObject({
      name: 'Launch campaign',
      value: 4999.95,
      createdBy: 'Ada Admin',
      paid: false,
    });
    const list = await app.inject({ url: '/api/quotes', headers: bearer(admin.token) });
    expect(list.json().map((q: { _id: string }) => q._id)).toContain(quote._id);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
      payload: { ...body, value: 5500 },
    });
    expect(put.json().value).toBe(5500);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(204);
  });

  it.each([
    [{ ...body, value: -1 }, 'Price must be more than zero'],
    [{ ...body, value: 0 }, 'Price must be more than zero'],
    [{ ...body, value: 1e12 }, 'Price must be at most $10,000,000'],
    [{ ...body, value: 10.555 }, 'Price can have at most 2 decimals'],
    [{ ...body, value: 'ten' }, 'Price must be a number'],
    [{ ...body, name: '  ' }, 'Give the quote a name'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const res = await create(admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('co-ordinators and clients cannot manage quotes', async () => {
    expect((await create(cora.token)).statusCode).toBe(403);
    expect((await create(client.token)).statusCode).toBe(403);
  });

  it('sends the link by email and to the customer’s bell', async () => {
    const quote = (await create(admin.token)).json();
    const res = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote._id}/send`,
      headers: bearer(admin.token),
      payload: { email: 'Quote.Client@example.com' },
    });
    expect(res.statusCode).toBe(202);
    const mails = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'email'));
    const mail = mails.find((j) => (j.payload as { to: string }).to === 'quote.client@example.com');
    expect((mail!.payload as { text: string }).text).toContain(`/custom-quote/${quote._id}`);
    const bell = await app.inject({ url: '/api/notifications', headers: bearer(client.token) });
    expect(bell.json().items[0]).toMatchObject({
      kind: 'quote-link',
      link: `/custom-quote/${quote._id}`,
    });
  });

  it('a paid quote becomes a custom sale, staff hear of it, and it can no longer change', async () => {
    const quote = (await create(admin.token)).json();
    const paid = await pay(
      app,
      client.token,
      quoteBody(
        { id: quote._id, name: quote.name, valueCents: 499995 },
        { coordinatorId: cora.user.id },
      ),
    );
    expect(paid.statusCode).toBe(200);
    const listed = (await app.inject({ url: '/api/quotes', headers: bearer(admin.token) })).json();
    expect(listed.find((q: { _id: string }) => q._id === quote._id)).toMatchObject({
      paid: true,
      projectId: paid.json().projectId,
    });
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
      payload: body,
    });
    expect(edit.statusCode).toBe(409);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(409);
    const staffBell = (
      await app.inject({ url: '/api/notifications', headers: bearer(cora.token) })
    ).json();
    expect(staffBell.items.map((n: { kind: string }) => n.kind)).toContain('quote-paid');
    const clientBell = (
      await app.inject({ url: '/api/notifications', headers: bearer(client.token) })
    ).json();
    expect(clientBell.items[0].kind).toBe('payment');
  });
});
