import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs, projects } from '../db/schema.ts';
import { EMAIL_JOB } from '../modules/jobs/email.ts';
import { backoffMs } from '../modules/jobs/runner.ts';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

/**
 * A real SMTP server on 127.0.0.1 that can be stopped and started again on the same port, so the
 * app's SMTP_URL stays the same across the outage, as it would in a deployment.
 */
function createSmtp() {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  return {
    received,
    get port() {
      return port;
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(mail);
              callback();
            })
            .catch((err: Error) => callback(err));
        },
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      port = (listening.server.address() as AddressInfo).port;
    },
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

const smtp = createSmtp();
await smtp.start();
afterAll(() => smtp.stop());

const { app, config } = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
const db = app.database.db;
const company = config.companyName;
const staff = await createUser(app, { role: 'admin', email: 'staff.inbox@example.com' });
const cora = await coordinator(app);
const fixture = await createServiceToOrder(app, { title: 'Podcast Production' });

const emailJobs = () => db.select().from(jobs).where(eq(jobs.kind, EMAIL_JOB));
/** The back-off is real time; the test lets it pass by moving the waiting jobs' time forward. */
const letBackoffPass = () =>
  db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, EMAIL_JOB), eq(jobs.status, 'pending')));
const to = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address),
  );
const mailsTo = (address: string) => smtp.received.filter((m) => to(m).includes(address));

describe('SMTP server down', () => {
  it('delivers through the real server before the outage (the probe can see mail at all)', async () => {
    await app.mailer.send({ to: 'probe@example.com', subject: 'Before the outage', text: 'hi' });
    expect(mailsTo('probe@example.com').map((m) => m.subject)).toEqual(['Before the outage']);
  });

  it('sign-up and an order succeed while SMTP refuses connections; their mail waits with back-off and is delivered once when it is back', async () => {
    await smtp.stop();
    const customerEmail = 'outage.customer@example.com';

    const started = performance.now();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Olive',
        lastName: 'Outage',
        email: customerEmail,
        phoneNumber: '0412345678',
        password: 'outage password 1',
      },
    });
    expect(signup.statusCode).toBe(201);
    const { token } = signup.json<{ token: string }>();
    const order = await pay(app, token, orderBody(fixture, { coordinatorId: cora.user.id }));
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ success: true });
    const [placed] = await db
      .select()
      .from(projects)
      .where(eq(projects.id, order.json<{ projectId: string }>().projectId));
    const orderLabel = `Order ${placed!.orderNumber}`;
    // The customer waited for neither mail server nor mail.
    expect(performance.now() - started).toBeLessThan(10_000);
    await app.afterAnswer.drain();

    // Queued: the receipt (to the customer) and the staff copies of 'new customer' and 'new
    // order' (to the admin and the co-ordinator).
    const queued = await emailJobs();
    const subjects = queued.map((j) => `${String(j.payload.to)}: ${String(j.payload.subject)}`);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `${customerEmail}: Your ${company} order: Podcast Production (${orderLabel})`,
        `${staff.user.email}: New customer: Olive Outage`,
        `${staff.user.email}: New order: Podcast Production (${orderLabel})`,
      ]),
    );
    expect(queued.every((j) => j.status === 'pending' && j.attempts === 0)).toBe(true);

    // First try: every job fails on the refused connection and waits 30 s.
    const firstTry = Date.now();
    expect(await app.jobRunner.runDueJobs()).toBe(queued.length);
    for (const job of await emailJobs()) {
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job.lastError).toMatch(/mail server is not answering.*: connect ECONNREFUSED/);
      expect(job.runAt.getTime() - firstTry).toBeGreaterThanOrEqual(backoffMs(1) - 1_000);
      expect(job.runAt.getTime() - firstTry).toBeLessThan(backoffMs(1) + 5_000);
    }
    // Nothing is due during the back-off: the runner does not hammer the mail server.
    expect(await app.jobRunner.runDueJobs()).toBe(0);

    // Second try, still down: the wait doubles.
    await letBackoffPass();
    const secondTry = Date.now();
    expect(await app.jobRunner.runDueJobs()).toBe(queued.length);
    for (const job of await emailJobs()) {
      expect(job).toMatchObject({ status: 'pending', attempts: 2 });
      expect(job.runAt.getTime() - secondTry).toBeGreaterThanOrEqual(backoffMs(2) - 1_000);
      expect(job.runAt.getTime() - secondTry).toBeLessThan(backoffMs(2) + 5_000);
    }
    expect(smtp.received).toHaveLength(1);

    // The server is back: the next due run delivers each mail, once.
    await smtp.start();
    await letBackoffPass();
    expect(await app.jobRunner.runDueJobs()).toBe(queued.length);
    expect((await emailJobs()).map((j) => j.status)).toEqual(queued.map(() => 'done'));

    // The customer's mail: the link confirming the new address, and the receipt, each once.
    expect(mailsTo(customerEmail).map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Confirm your email address for ${company}`]),
    );
    expect(mailsTo(customerEmail)).toHaveLength(2);
    const [receipt, ...moreReceipts] = mailsTo(customerEmail).filter((m) =>
      m.subject?.includes(orderLabel),
    );
    expect(moreReceipts).toEqual([]);
    expect(receipt!.subject).toBe(`Your ${company} order: Podcast Production (${orderLabel})`);
    expect(receipt!.text).toContain('Thank you for ordering Podcast Production');
    expect(receipt!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(receipt!.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(mailsTo(staff.user.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'New customer: Olive Outage',
        `New order: Podcast Production (${orderLabel})`,
      ]),
    );
    expect(mailsTo(staff.user.email)).toHaveLength(2);
    const delivered = smtp.received.length;
    expect(delivered).toBe(1 + queued.length);

    // Later runs send nothing again.
    expect(await app.jobRunner.runDueJobs()).toBe(0);
    await letBackoffPass();
    expect(await app.jobRunner.runDueJobs()).toBe(0);
    expect(smtp.received).toHaveLength(delivered);
  });

  it('a password reset asked while SMTP is down waits in the queue and arrives once SMTP is back', async () => {
    const customer = await createUser(app, { email: 'forgetful@example.com' });
    await smtp.stop();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: customer.user.email },
    });
    expect(asked.statusCode).toBe(202);
    await app.afterAnswer.drain();
    await app.jobRunner.runDueJobs();
    expect(mailsTo(customer.user.email)).toEqual([]);
    const waiting = (await emailJobs()).filter((j) => j.payload.to === customer.user.email);
    expect(waiting).toHaveLength(1);

    await smtp.start();
    await letBackoffPass();
    await app.jobRunner.runDueJobs();
    expect(mailsTo(customer.user.email).map((m) => m.subject)).toEqual([
      `Reset your ${company} password`,
    ]);
    // Once sent, the mail's body (the reset link) is not kept in the jobs table.
    const sent = (await emailJobs()).filter((j) => j.payload.to === customer.user.email);
    expect(sent.map((j) => j.payload.text)).toEqual([undefined]);
  });

  it('the password link mailed to a new guest after their order waits too, and arrives with the receipt once SMTP is back', async () => {
    await smtp.stop();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-checkout',
      payload: {
        ...orderBody(fixture, { coordinatorId: cora.user.id }),
        guest: {
          firstName: 'Gus',
          lastName: 'Guest',
          email: 'outage.guest@example.com',
          phoneNumber: '0412345678',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ account: 'created', payment: { success: true } });
    const [placed] = await db
      .select()
      .from(projects)
      .where(eq(projects.id, res.json<{ payment: { projectId: string } }>().payment.projectId));
    await app.afterAnswer.drain();
    await smtp.start();
    await letBackoffPass();
    await app.jobRunner.runDueJobs();
    expect(
      mailsTo('outage.guest@example.com')
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      `Your ${company} account: choose a password`,
      `Your ${company} order: Podcast Production (Order ${placed!.orderNumber})`,
    ]);
  });

  it('staff sending a site user a reset link while SMTP is down: queued, and it arrives once SMTP is back', async () => {
    const member = await createUser(app, { role: 'co-ordinator', email: 'new.member@example.com' });
    await smtp.stop();
    const url = `/api/users/site-users/${member.user.id}/reset-password`;
    const down = await app.inject({ method: 'POST', url, headers: bearer(staff.token) });
    expect(down.statusCode).toBe(202);

    await smtp.start();
    await letBackoffPass();
    await app.jobRunner.runDueJobs();
    expect(mailsTo(member.user.email).map((m) => m.subject)).toEqual([
      `Reset your ${company} password`,
    ]);
  });

  it('a mail that cannot be sent for the whole retry budget is marked failed, and never sent twice', async () => {
    await smtp.stop();
    const enqueued = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Lena',
        lastName: 'Long',
        email: 'long.outage@example.com',
        phoneNumber: '0412345678',
        password: 'outage password 2',
      },
    });
    expect(enqueued.statusCode).toBe(201);
    await app.afterAnswer.drain();
    const pending = (await emailJobs()).filter((j) => j.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    const maxAttempts = pending[0]!.maxAttempts;
    let runs = 0;
    while ((await emailJobs()).some((j) => j.status === 'pending')) {
      await letBackoffPass();
      await app.jobRunner.runDueJobs();
      runs++;
    }
    expect(runs).toBe(maxAttempts);
    // The tries span more than a day of outage before a mail is given up.
    let span = 0;
    for (let attempt = 1; attempt < maxAttempts; attempt++) span += backoffMs(attempt);
    expect(span).toBeGreaterThan(24 * 3600_000);
    const failed = (await emailJobs()).filter((j) => pending.some((p) => p.id === j.id));
    expect(failed.map((j) => [j.status, j.attempts])).toEqual(
      pending.map(() => ['failed', maxAttempts]),
    );

    await smtp.start();
    const before = smtp.received.length;
    await letBackoffPass();
    expect(await app.jobRunner.runDueJobs()).toBe(0);
    expect(smtp.received).toHaveLength(before);
  });
});
