import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  sandboxCard,
} from '../../test/order-factories.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { outboxFiles, outboxMail as readOutboxMail } from '../../test/outbox.ts';

const { app, config } = await createTestApp();
const cora = await coordinator(app);
const fixture = await createServiceToOrder(app, { title: 'Website Development' });

const guest = (email: string, phoneNumber = '0412 345 678') => ({
  firstName: 'Gus',
  lastName: 'Guest',
  email,
  phoneNumber,
});
const checkout = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/payments/guest-checkout', payload });
const body = (
  email: string,
  options: Parameters<typeof orderBody>[1] = { coordinatorId: cora.user.id },
) => ({
  ...orderBody(fixture, options),
  guest: guest(email),
});

/** The subject and text of the first mail to `to` that has `containing`, as a client reads it. */
async function outboxMail(to: string, containing: string): Promise<string> {
  const mail = await readOutboxMail(app, config.dataDir, to, containing);
  return `${mail.subject ?? ''}\n${mail.text ?? ''}`;
}

describe('guest checkout', () => {
  it('a new email gets an account without a password, a token to follow the order, and a password link', async () => {
    const res = await checkout(body('new.guest@example.com'));
    expect(res.statusCode).toBe(200);
    const { account, token, payment } = res.json();
    expect(account).toBe('created');
    expect(payment.success).toBe(true);
    const project = await app.inject({
      url: `/api/projects/${payment.projectId}`,
      headers: bearer(token),
    });
    expect(project.json()).toMatchObject({
      service: { title: 'Website Development' },
      user: { email: 'new.guest@example.com' },
    });
    const mail = await outboxMail('new.guest@example.com', 'choose a password');
    expect(mail).toContain('choose a password');
    expect(mail).toMatch(/reset-password\?token=/);
  });

  it('mails one "choose a password" link for three paid orders of the account', async () => {
    // From an address of its own: guest checkout is limited per address (this file's others).
    const first = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-checkout',
      payload: body('thrice.guest@example.com'),
      remoteAddress: '203.0.113.9',
    });
    expect(first.statusCode, first.body).toBe(200);
    const { token } = first.json<{ token: string }>();
    // The guest's token pays two more orders, one of them twice at the same moment.
    const again = () =>
      app.inject({
        method: 'POST',
        url: '/api/payments/handle-payment',
        headers: bearer(token),
        payload: orderBody(fixture, { coordinatorId: cora.user.id }),
      });
    const answers = await Promise.all([again(), again()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await app.afterAnswer.drain();
    await outboxMail('thrice.guest@example.com', 'choose a password');
    await app.jobRunner.runDueJobs();
    const welcomes = outboxFiles(path.join(config.dataDir, 'outbox')).filter((file) => {
      const raw = readFileSync(path.join(config.dataDir, 'outbox', file), 'utf8');
      return raw.includes('thrice.guest@example.com') && raw.includes('choose a password');
    });
    expect(welcomes).toHaveLength(1);
  });

  it('an email with an account: the guest is not signed in and nothing of it leaks', async () => {
    await createUser(app, { email: 'has.account@example.com' });
    const res = await checkout(body('has.account@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: 'existing',
      token: null,
      payment: { success: true, projectId: '', paymentCustomerId: '', paymentId: '' },
    });
  });

  it('refuses a staff email, a bad phone number, and needs a co-ordinator', async () => {
    expect((await checkout(body(cora.user.email))).statusCode).toBe(403);
    const badPhone = await checkout({
      ...body('phone@example.com'),
      guest: guest('phone@example.com', '123'),
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe('Please enter a valid Australian phone number');
  });

  it('charges once for a double submission', async () => {
    const payload = body('double@example.com');
    const [a, b] = await Promise.all([checkout(payload), checkout(payload)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const token = a.json().token ?? b.json().token;
    const projects = await app.inject({ url: '/api/projects', headers: bearer(token) });
    expect(projects.json()).toHaveLength(1);
  });

  it('completes a bank-checked payment without a session', async () => {
    await createUser(app, { email: 'secure@example.com' });
    const res = await checkout(
      body('secure@example.com', {
        coordinatorId: cora.user.id,
        paymentMethod: sandboxCard('3ds'),
      }),
    );
    const { payment } = res.json();
    expect(payment).toMatchObject({ success: false, requiresAction: true });
    const approve = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret: payment.clientSecret, outcome: 'approve' },
    });
    expect(approve.statusCode).toBe(200);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId: payment.paymentIntentId },
    });
    // The account existed: nothing of it comes back, and nobody is signed in.
    expect(confirm.json()).toEqual({
      token: null,
      payment: {
        success: true,
        projectId: '',
        paymentCustomerId: '',
        paymentId: '',
        defaultPaymentMethodId: '',
      },
    });
  });

  it('a new account waiting on the bank check gets no token; the paid check signs the guest in and mails the password link', async () => {
    const res = await checkout(
      body('checked.new@example.com', {
        coordinatorId: cora.user.id,
        paymentMethod: sandboxCard('3ds'),
      }),
    );
    const { account, token, payment } = res.json();
    expect(account).toBe('created');
    // Nothing is paid yet: whoever typed this email gets no session on it.
    expect(token).toBeNull();
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
    expect(confirm.statusCode).toBe(200);
    const confirmed = confirm.json();
    expect(confirmed.payment.success).toBe(true);
    const project = await app.inject({
      url: `/api/projects/${confirmed.payment.projectId}`,
      headers: bearer(confirmed.token),
    });
    expect(project.statusCode).toBe(200);
    expect(await outboxMail('checked.new@example.com', 'choose a password')).toContain(
      'choose a password',
    );
  });

  it('a bank check that fails leaves no way in, and the retry with a new card is followed by its guest', async () => {
    const email = 'declined.first@example.com';
    const first = await checkout(
      body(email, { coordinatorId: cora.user.id, paymentMethod: sandboxCard('3ds') }),
    );
    expect(first.json().token).toBeNull();
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret: first.json().payment.clientSecret, outcome: 'fail' },
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId: first.json().payment.paymentIntentId },
    });
    expect(refused.statusCode).toBe(402);
    const retry = await checkout(body(email));
    expect(retry.json()).toMatchObject({ account: 'created', payment: { success: true } });
    const projects = await app.inject({
      url: '/api/projects',
      headers: bearer(retry.json().token),
    });
    expect(projects.json()).toHaveLength(1);
  });

  it('lists co-ordinators to guests', async () => {
    const res = await app.inject({ url: '/api/users/coordinators' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].profile.firstName).toBe('Cora');
  });
});
