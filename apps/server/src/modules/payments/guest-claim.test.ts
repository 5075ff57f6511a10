import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  sandboxCard,
} from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { createUserRepository } from '../users/repository.ts';

/**
 * A guest checkout with the email of an account that existed before it (docs/decisions/043):
 * no sign-in for the guest, and the order waits for the owner to claim it from their mailbox.
 */
const { app, config } = await createTestApp();
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });
const fixture = await createServiceToOrder(app, { title: 'Website Development' });

const checkout = (email: string, paymentMethod = sandboxCard()) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/guest-checkout',
    payload: {
      ...orderBody(fixture, { coordinatorId: cora.user.id, paymentMethod }),
      guest: { firstName: 'Gus', lastName: 'Guest', email, phoneNumber: '0412 345 678' },
    },
  });

/** The claim link's token from the receipt mailed to the account's address. */
async function claimToken(email: string): Promise<string> {
  const mail = await outboxMail(app, config.dataDir, email, 'claim-order');
  const token = /claim-order\?token=([\w%-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error('no claim link');
  return decodeURIComponent(token);
}

const claim = (token: string) =>
  app.inject({ method: 'POST', url: '/api/payments/claim-order', payload: { token } });

const titles = (res: { json: () => unknown }) =>
  (res.json() as { service: { title: string } }[]).map((p) => p.service.title);

/** A client as staff add one under Site Users: no password, nothing else. */
async function staffCreatedClient(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/site-users',
    headers: bearer(admin.token),
    body: multipart({
      email,
      role: 'client',
      'profile[firstName]': 'Vic',
      'profile[lastName]': 'Tim',
      'profile[displayName]': '',
      'profile[contactNumber]': '0412345678',
      'profile[bio]': '',
    }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
}

describe('a guest order for an existing account', () => {
  it('an email with an account: no sign-in, nothing of it leaks, and the order waits for the owner to claim it', async () => {
    const owner = await createUser(app, { email: 'has.account@example.com' });
    const res = await checkout('has.account@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: 'existing',
      token: null,
      payment: { success: true, projectId: '', paymentCustomerId: '', paymentId: '' },
    });
    const before = await app.inject({ url: '/api/projects', headers: bearer(owner.token) });
    expect(before.json()).toEqual([]);
    expect(before.headers['x-total-count'] ?? '0').toBe('0');

    const token = await claimToken('has.account@example.com');
    // The owner opens the link signed in: their own session stays, every other one ends.
    const claimed = await app.inject({
      method: 'POST',
      url: '/api/payments/claim-order',
      headers: bearer(owner.token),
      payload: { token },
    });
    expect(claimed.statusCode).toBe(200);
    // The owner has a password: they sign in as usual, no password link is handed out.
    expect(claimed.json()).toMatchObject({ passwordToken: null, alreadyClaimed: false });
    const after = await app.inject({ url: '/api/projects', headers: bearer(owner.token) });
    expect(titles(after)).toEqual(['Website Development']);
    expect(after.json()[0]._id).toBe(claimed.json().projectId);
    // The link works once: opened again it says the order is there, and changes nothing.
    const again = await claim(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      projectId: claimed.json().projectId,
      passwordToken: null,
      alreadyClaimed: true,
    });
    const stillSignedIn = await app.inject({ url: '/api/projects', headers: bearer(owner.token) });
    expect(titles(stillSignedIn)).toEqual(['Website Development']);
    // A link that never was one is refused.
    const unknown = await claim('a-link-that-was-never-one-at-all');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^This link is not valid/);
  });

  it('a client staff made without a password: the 3-D Secure card gets no token and no access (the reported takeover)', async () => {
    const victimId = await staffCreatedClient('victim@example.com');
    const res = await checkout('victim@example.com', sandboxCard('3ds'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: 'existing',
      token: null,
      payment: { success: false, requiresAction: true },
    });
    // The guest finishes the bank check; the order still waits for the mailbox's owner.
    const { payment } = res.json();
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret: payment.clientSecret, outcome: 'approve' },
    });
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId: payment.paymentIntentId },
    });
    expect(confirm.json()).toMatchObject({
      token: null,
      payment: { success: true, projectId: '' },
    });
    const victim = await createUserRepository(app.database.db).findById(victimId);
    expect(victim).toMatchObject({ passwordHash: null, paymentCustomerId: null });

    // The owner proves the mailbox: the order joins the account and they may choose a password.
    const claimed = await claim(await claimToken('victim@example.com'));
    expect(claimed.json().passwordToken).toEqual(expect.any(String));
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: claimed.json().passwordToken, password: 'a new long password' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'victim@example.com', password: 'a new long password' },
    });
    const mine = await app.inject({
      url: '/api/projects',
      headers: bearer(login.json().token),
    });
    expect(titles(mine)).toEqual(['Website Development']);
  });

  it("a guest's order for an existing account leaves the account's saved card and provider customer alone", async () => {
    const owner = await createUser(app, { email: 'saved.card@example.com' });
    const own = await app.inject({
      method: 'POST',
      url: '/api/payments/handle-payment',
      headers: bearer(owner.token),
      payload: orderBody(fixture, { coordinatorId: cora.user.id }),
    });
    expect(own.json().success).toBe(true);
    const users = createUserRepository(app.database.db);
    const before = await users.findById(owner.user.id);
    const cardOf = async () =>
      (await app.inject({ url: '/api/users/payment-method', headers: bearer(owner.token) })).json();
    const cardBefore = await cardOf();
    expect(cardBefore.card).toMatchObject({ last4: '4242' });
    const res = await checkout('saved.card@example.com', sandboxCard('3ds'));
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret: res.json().payment.clientSecret, outcome: 'approve' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId: res.json().payment.paymentIntentId },
    });
    await app.afterAnswer.drain();
    const after = await users.findById(owner.user.id);
    expect(after).toMatchObject({
      paymentCustomerId: before!.paymentCustomerId,
      defaultPaymentMethodId: before!.defaultPaymentMethodId,
      companyName: before!.companyName,
    });
    expect(await cardOf()).toEqual(cardBefore);
  });

  it('a held order is hidden from the account everywhere until claimed, and staff see it at once', async () => {
    const owner = await createUser(app, { email: 'hidden@example.com' });
    await checkout('hidden@example.com');
    const sales = await app.inject({
      url: `/api/users/clients/${owner.user.id}/projects`,
      headers: bearer(admin.token),
    });
    expect(titles(sales)).toEqual(['Website Development']);
    const projectId = sales.json()[0]._id as string;
    const payments = await app.inject({
      url: `/api/projects/${projectId}/payments`,
      headers: bearer(admin.token),
    });
    const paymentId = payments.json()[0]._id as string;
    for (const url of [
      `/api/projects/${projectId}`,
      `/api/projects/${projectId}/payments`,
      `/api/projects/${projectId}/brief`,
      `/api/payments/${paymentId}/invoice`,
    ]) {
      const res = await app.inject({ url, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBe(404);
    }
    await app.inject({
      method: 'POST',
      url: '/api/payments/claim-order',
      headers: bearer(owner.token),
      payload: { token: await claimToken('hidden@example.com') },
    });
    for (const url of [`/api/projects/${projectId}`, `/api/payments/${paymentId}/invoice`]) {
      const res = await app.inject({ url, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBe(200);
    }
  });
  it('a declined first card: the retry takes over the account nobody could sign in to, and its guest follows the order', async () => {
    const declined = await checkout('retry@example.com', sandboxCard('declined'));
    expect(declined.statusCode).toBe(402);
    const retry = await checkout('retry@example.com');
    expect(retry.json()).toMatchObject({ account: 'created', payment: { success: true } });
    const project = await app.inject({
      url: `/api/projects/${retry.json().payment.projectId}`,
      headers: bearer(retry.json().token),
    });
    expect(project.statusCode).toBe(200);
  });

  it('a stranger who ordered first with the email keeps no session once the owner claims their own order (the pre-created account)', async () => {
    const email = 'pre.created@example.com';
    // The stranger starts with the 3-D Secure card: nothing paid, so no session.
    const started = await checkout(email, sandboxCard('3ds'));
    expect(started.json()).toMatchObject({ account: 'created', token: null });
    const { clientSecret, paymentIntentId } = started.json().payment;
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret, outcome: 'approve' },
    });
    // Paying for it (their own money) signs them in to the account made with that email.
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId },
    });
    const strangerToken = confirmed.json().token as string;
    expect(
      (await app.inject({ url: '/api/projects', headers: bearer(strangerToken) })).statusCode,
    ).toBe(200);
    await app.afterAnswer.drain();
    // The real owner orders as a guest: their order waits for the mailbox.
    const owners = await checkout(email);
    expect(owners.json()).toMatchObject({ account: 'existing', token: null });
    await app.afterAnswer.drain();
    const claimed = await claim(await claimToken(email));
    expect(claimed.statusCode).toBe(200);
    // Proof of the mailbox ends the stranger's session: it reads nothing of the claimed order.
    const projects = await app.inject({ url: '/api/projects', headers: bearer(strangerToken) });
    expect(projects.statusCode).toBe(401);
    const project = await app.inject({
      url: `/api/projects/${claimed.json().projectId}`,
      headers: bearer(strangerToken),
    });
    expect(project.statusCode).toBe(401);
    // And the stranger's old payment cannot sign them in again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId },
    });
    expect(again.json().token).toBeNull();
  });

  it('the owner who opens the claim link signed in stays signed in', async () => {
    const owner = await createUser(app, { email: 'signed.in@example.com' });
    await checkout('signed.in@example.com');
    await app.afterAnswer.drain();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/claim-order',
      headers: bearer(owner.token),
      payload: { token: await claimToken('signed.in@example.com') },
    });
    expect(res.statusCode).toBe(200);
    const project = await app.inject({
      url: `/api/projects/${res.json().projectId}`,
      headers: bearer(owner.token),
    });
    expect(project.statusCode).toBe(200);
  });
});
