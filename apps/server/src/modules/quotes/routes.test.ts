import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customQuotes, jobs } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, pay, quoteBody, signQuote } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';

const { app, config } = await createTestApp();
const admin = await createUser(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const cora = await coordinator(app);
const client = await createUser(app, { email: 'quote.client@example.com' });
const jane = await createUser(app, {
  email: 'jane.recipient@example.com',
  firstName: 'Jane',
  lastName: 'Recipient',
});

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
    [{ ...body, value: 1e12 }, 'Price must be at most $10,000,000.00'],
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
    await signQuote(app, quote._id, client.token);
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
    await app.afterAnswer.drain();
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

describe('who a quote is for, and where it stands', () => {
  const manage = async (id: string) =>
    (await app.inject({ url: `/api/quotes/${id}/manage`, headers: bearer(admin.token) })).json();
  const send = (id: string, payload: object = {}, token = admin.token) =>
    app.inject({ method: 'POST', url: `/api/quotes/${id}/send`, headers: bearer(token), payload });
  const view = (id: string, token?: string) =>
    app.inject({ url: `/api/quotes/${id}`, headers: token ? bearer(token) : {} });
  const listed = async (id: string) =>
    (await app.inject({ url: '/api/quotes', headers: bearer(admin.token) }))
      .json()
      .find((q: { _id: string }) => q._id === id);

  it('finds customers by name or email, never staff', async () => {
    const search = async (q: string) =>
      (
        await app.inject({
          url: `/api/quotes/recipients?q=${encodeURIComponent(q)}`,
          headers: bearer(admin.token),
        })
      ).json();
    expect(await search('jane rec')).toEqual([
      { id: jane.user.id, name: 'Jane Recipient', email: 'jane.recipient@example.com' },
    ]);
    expect((await search('JANE.RECIPIENT@')).map((c: { id: string }) => c.id)).toEqual([
      jane.user.id,
    ]);
    expect(await search('Ada')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('is addressed to a customer, or to a new email address alone', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    expect(quote).toMatchObject({
      customer: { id: jane.user.id, name: 'Jane Recipient', email: 'jane.recipient@example.com' },
      recipientEmail: 'jane.recipient@example.com',
      state: 'Draft',
      sentAt: null,
      viewedAt: null,
      paidAt: null,
      currency: 'AUD',
    });
    const readdressed = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
      payload: { ...body, recipientEmail: ' New.Person@Example.com ' },
    });
    expect(readdressed.statusCode).toBe(200);
    expect(readdressed.json()).toMatchObject({
      customer: null,
      recipientEmail: 'new.person@example.com',
    });
    // A typed address that is a customer's account is that customer.
    const typed = (await create(admin.token, { ...body, recipientEmail: jane.user.email })).json();
    expect(typed.customer).toMatchObject({ id: jane.user.id });
  });

  it('refuses a bad email or an unknown customer and changes nothing', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    const before = await manage(quote._id);
    const count = (await app.inject({ url: '/api/quotes', headers: bearer(admin.token) })).json()
      .length;
    for (const payload of [
      { ...body, recipientEmail: 'not an email' },
      { ...body, recipientEmail: 'jane@nowhere' },
    ]) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/quotes/${quote._id}`,
        headers: bearer(admin.token),
        payload,
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().message).toBe('Please enter a valid email address');
      expect((await create(admin.token, payload)).statusCode).toBe(400);
    }
    for (const customerId of ['no-such-customer', admin.user.id]) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/quotes/${quote._id}`,
        headers: bearer(admin.token),
        payload: { ...body, name: 'Renamed', customerId },
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().message).toMatch(/^That customer no longer exists/);
    }
    const badSend = await send(quote._id, { email: 'nope' });
    expect(badSend.statusCode).toBe(400);
    expect(badSend.json().message).toBe('Please enter a valid email address');
    expect(await manage(quote._id)).toEqual(before);
    const after = (await app.inject({ url: '/api/quotes', headers: bearer(admin.token) })).json();
    expect(after.length).toBe(count);
  });

  it('sends to its recipient, records each send, and the typed email becomes the recipient', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    const res = await send(quote._id);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('The quote link was sent to jane.recipient@example.com');
    const mail = await outboxMail(app, config.dataDir, jane.user.email, quote._id);
    expect(mail.subject).toContain('Launch campaign');
    expect(mail.text).toContain(`/custom-quote/${quote._id}`);
    expect(mail.text).toContain('$5,499.95 inc. GST');
    const sent = await manage(quote._id);
    expect(sent.state).toBe('Sent');
    expect(Date.parse(sent.sentAt)).toBeGreaterThan(Date.now() - 60_000);

    // Each re-send moves the date on.
    const earlier = new Date('2026-01-05T00:00:00Z');
    await app.database.db
      .update(customQuotes)
      .set({ sentAt: earlier })
      .where(eq(customQuotes.id, quote._id));
    const other = 'Someone.Else@example.com';
    expect((await send(quote._id, { email: other })).statusCode).toBe(202);
    await outboxMail(app, config.dataDir, 'someone.else@example.com', quote._id);
    const resent = await manage(quote._id);
    expect(Date.parse(resent.sentAt)).toBeGreaterThan(earlier.getTime());
    expect(resent).toMatchObject({ customer: null, recipientEmail: 'someone.else@example.com' });
  });

  it('is a draft again once addressed to someone else, not when saved for the same one', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    await send(quote._id);
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/quotes/${quote._id}`,
        headers: bearer(admin.token),
        payload,
      });
    const same = await put({ ...body, name: 'Renamed', customerId: jane.user.id });
    expect(same.json()).toMatchObject({ state: 'Sent', sentAt: expect.any(String) });
    const other = await put({ ...body, recipientEmail: 'other.person@example.com' });
    expect(other.json()).toMatchObject({ state: 'Draft', sentAt: null });
  });

  it('cannot be sent to no one, nor once paid', async () => {
    const nobody = (await create(admin.token)).json();
    const res = await send(nobody._id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose who the quote is for, or type their email address');
    expect((await manage(nobody._id)).sentAt).toBeNull();

    const quote = (await create(admin.token, { ...body, customerId: client.user.id })).json();
    await signQuote(app, quote._id, client.token);
    const paid = await pay(
      app,
      client.token,
      quoteBody(
        { id: quote._id, name: quote.name, valueCents: 499995 },
        { coordinatorId: cora.user.id },
      ),
    );
    expect(paid.statusCode).toBe(200);
    const again = await send(quote._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This quote has already been paid, so it cannot be sent again.',
    );
  });

  it('is viewed when its customer or anyone holding the link opens it, not when staff do', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    for (const token of [admin.token, cora.token]) {
      expect((await view(quote._id, token)).statusCode).toBe(200);
    }
    expect((await manage(quote._id)).viewedAt).toBeNull();
    expect((await view(quote._id, jane.token)).statusCode).toBe(200);
    const viewed = await manage(quote._id);
    expect(viewed.state).toBe('Viewed');
    expect(viewed.viewedAt).not.toBeNull();
    // The first view counts; later ones leave its date alone.
    await view(quote._id);
    expect((await manage(quote._id)).viewedAt).toBe(viewed.viewedAt);

    const anonymous = (await create(admin.token)).json();
    await view(anonymous._id);
    expect((await manage(anonymous._id)).state).toBe('Viewed');
  });

  it('lists each quote with its state and the date of it', async () => {
    const draft = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    const sent = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    await send(sent._id);
    const viewed = (await create(admin.token, { ...body, recipientEmail: 'v@example.com' })).json();
    await send(viewed._id);
    await view(viewed._id);
    const paid = (await create(admin.token)).json();
    await signQuote(app, paid._id, client.token);
    await pay(
      app,
      client.token,
      quoteBody(
        { id: paid._id, name: paid.name, valueCents: 499995 },
        { coordinatorId: cora.user.id },
      ),
    );
    expect(await listed(draft._id)).toMatchObject({ state: 'Draft', sentAt: null });
    expect(await listed(sent._id)).toMatchObject({ state: 'Sent', viewedAt: null });
    const viewedRow = await listed(viewed._id);
    expect(viewedRow.state).toBe('Viewed');
    expect(viewedRow.sentAt).not.toBeNull();
    expect(Date.parse(viewedRow.viewedAt)).toBeGreaterThanOrEqual(Date.parse(viewedRow.sentAt));
    expect(await listed(paid._id)).toMatchObject({ state: 'Paid', paid: true });
    expect((await listed(paid._id)).paidAt).not.toBeNull();
  });

  it('refuses callers without the quotes permission on every route of it', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    const routes = [
      { method: 'GET', url: '/api/quotes' },
      { method: 'GET', url: '/api/quotes/recipients?q=jane' },
      { method: 'GET', url: `/api/quotes/${quote._id}/manage` },
      { method: 'POST', url: '/api/quotes', payload: { ...body, customerId: jane.user.id } },
      {
        method: 'PUT',
        url: `/api/quotes/${quote._id}`,
        payload: { ...body, recipientEmail: 'x@example.com' },
      },
      { method: 'POST', url: `/api/quotes/${quote._id}/send`, payload: {} },
      { method: 'DELETE', url: `/api/quotes/${quote._id}` },
    ] as const;
    for (const route of routes) {
      for (const [token, status] of [
        [undefined, 401],
        [client.token, 403],
        [jane.token, 403],
        [cora.token, 403],
      ] as const) {
        const res = await app.inject({
          ...route,
          headers: token ? bearer(token) : {},
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(status);
      }
    }
    expect(await manage(quote._id)).toMatchObject({
      recipientEmail: 'jane.recipient@example.com',
      state: 'Draft',
    });
  });

  it('keeps a customer’s proposal from another company; a guest proposal shows no one', async () => {
    const quote = (await create(admin.token, { ...body, customerId: jane.user.id })).json();
    await send(quote._id);
    const refused = await view(quote._id, client.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This proposal is for another customer.');
    expect((await view(quote._id)).statusCode).toBe(401);
    const guest = (
      await create(admin.token, { ...body, recipientEmail: 'new@example.com' })
    ).json();
    const seen = await view(guest._id, client.token);
    expect(seen.statusCode).toBe(200);
    for (const secret of ['new@example.com', body.internalNotes, 'Sent']) {
      expect(seen.body).not.toContain(secret);
    }
  });
});
