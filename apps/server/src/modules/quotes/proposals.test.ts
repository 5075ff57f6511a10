import { endOfLocalDay } from '@noise/shared/dates';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, quotePaymentRequest } from '@noise/shared/payments';
import type { PublicQuote } from '@noise/shared/quote';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { coordinator, pay, sandboxCard } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { STAFF_CANNOT_ANSWER } from './answer-proposal.ts';
import { createQuoteRepository } from './repository.ts';

const { app, config } = await createTestApp();
const quotes = createQuoteRepository(app.database.db);
const admin = await createUser(app, {
  role: 'admin',
  email: 'ada.admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
});
const cora = await coordinator(app);
const jane = await createUser(app, {
  email: 'jane.proposal@example.com',
  firstName: 'Jane',
  lastName: 'Proposal',
});
const janesBilling = await createTeammate(app, jane.user, 'billing');
const outsider = await createUser(app, { email: 'outsider@example.com' });

const body = {
  name: 'Spring launch',
  summary: 'Strategy and a launch video for the spring range',
  internalNotes: 'Internal: keen',
  deliverables: 'Strategy, Video',
  extras: 'Drone',
  value: 1000,
  terms: 'Pay the deposit to start.',
  deposit: { kind: 'percent', value: 30 },
};

const create = async (payload: object = {}) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: bearer(admin.token),
    payload: { ...body, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; version: number }>();
};
const send = (id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/send`,
    headers: bearer(admin.token),
    payload: {},
  });
const view = (id: string, token?: string) =>
  app.inject({ url: `/api/quotes/${id}`, headers: token ? bearer(token) : {} });
const manage = async (id: string) =>
  (await app.inject({ url: `/api/quotes/${id}/manage`, headers: bearer(admin.token) })).json();
/** Answers the proposal and waits for what follows the answer (the staff's bell). */
async function answer(kind: 'accept' | 'decline', id: string, payload: object, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/${kind}`,
    headers: token ? bearer(token) : {},
    payload,
  });
  await app.afterAnswer.drain();
  return res;
}
const accept = (id: string, payload: object, token?: string) =>
  answer('accept', id, payload, token);
const decline = (id: string, payload: object, token?: string) =>
  answer('decline', id, payload, token);
const signed = { name: 'Jane Proposal', agreeToTerms: true, version: 1 };

/** Pays what the page asks now (the deposit here), as the page does. */
async function payQuote(
  id: string,
  customer: { token: string; user: { id: string; email: string } },
) {
  // The quote as its customer's page shows it: another caller cannot read it.
  const quote = (await view(id, jane.token)).json<PublicQuote>();
  return pay(
    app,
    customer.token,
    quotePaymentRequest({
      quote,
      userId: customer.user.id,
      coordinatorId: cora.user.id,
      customer: { name: 'Jane Proposal', email: customer.user.email },
      companyName: 'Acme Pty Ltd',
      contactNumber: '0412345678',
      paymentMethodId: sandboxCard(),
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

/** A 'Valid until' that passed a minute ago, set as the database holds it, not by waiting. */
const expire = (id: string) => quotes.update(id, { validUntil: new Date(Date.now() - 60_000) });

describe('proposals', () => {
  it('mails the proposal by name with its summary, price, deposit and date, valid 30 days', async () => {
    const quote = await create({ customerId: jane.user.id });
    expect((await send(quote._id)).statusCode).toBe(202);
    const mail = await outboxMail(app, config.dataDir, jane.user.email, quote._id);
    expect(mail.subject).toBe(`Your proposal from ${config.companyName}: Spring launch`);
    expect(mail.text).toMatch(/^Hi Jane,/);
    expect(mail.text).toContain(body.summary);
    expect(mail.text).toContain('$1,100.00 inc. GST, with a deposit of $330.00 inc. GST');
    expect(mail.text).toMatch(/Valid until: \d\d [A-Z][a-z]{2}, \d{4}\./);
    expect(mail.text).not.toContain('create an account');
    const sent = await manage(quote._id);
    const days = (Date.parse(sent.validUntil) - Date.parse(sent.sentAt)) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(31.1);
    expect(sent.state).toBe('Sent');

    const guest = await create({ recipientEmail: 'new.client@example.com' });
    await send(guest._id);
    const guestMail = await outboxMail(app, config.dataDir, 'new.client@example.com', guest._id);
    expect(guestMail.text).toMatch(/^Hi there,/);
    expect(guestMail.text).toContain('You do not need an account');
  });

  it.each([
    [{ ...signed, name: '   ' }, 'Type your full name to sign'],
    [{ ...signed, name: 'J' }, 'Type your full name to sign'],
    [{ ...signed, agreeToTerms: false }, 'Tick the box to agree to the terms'],
    [{ name: 'Jane Proposal', version: 1 }, 'Tick the box to agree to the terms'],
  ])('refuses to accept with %j and changes nothing', async (payload, message) => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    const res = await accept(quote._id, payload, jane.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await manage(quote._id)).toMatchObject({ state: 'Sent', acceptedAt: null });
  });

  it('records the signature, mails the signed PDF to both sides, and refuses a second', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    const res = await accept(quote._id, signed, jane.token);
    expect(res.statusCode, res.body).toBe(200);
    const signature = await quotes.findSignature(quote._id);
    expect(signature).toMatchObject({
      signedName: 'Jane Proposal',
      version: 1,
      userId: jane.user.id,
    });
    expect(signature!.ip).toBe('127.0.0.1');
    expect(signature!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signature!.snapshot).toMatchObject({ name: 'Spring launch', terms: body.terms });
    const staffView = await manage(quote._id);
    expect(staffView).toMatchObject({ state: 'Accepted', acceptedAt: expect.any(String) });
    expect((await view(quote._id, jane.token)).json().accepted).toMatchObject({
      name: 'Jane Proposal',
      version: 1,
      hash: signature!.contentHash,
    });

    const pdf = await app.inject({
      url: `/api/quotes/${quote._id}/signed.pdf`,
      headers: bearer(jane.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const runs = await pdfTextRuns(pdf.rawPayload);
    expect(runs).toContain('Jane Proposal');
    expect(runs).toContain('Spring launch');
    expect(runs.join(' ')).toContain(signature!.contentHash);

    const customerMail = await outboxMail(
      app,
      config.dataDir,
      jane.user.email,
      'Signed: Spring launch',
    );
    expect(customerMail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const staffMail = await outboxMail(
      app,
      config.dataDir,
      admin.user.email,
      'Signed by Jane Proposal:',
    );
    expect(staffMail.attachments).toHaveLength(1);
    const bell = await app.inject({ url: '/api/notifications', headers: bearer(admin.token) });
    expect(bell.json().items[0]).toMatchObject({ title: 'Proposal accepted: Spring launch' });

    const again = await accept(quote._id, signed, jane.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This proposal has already been accepted and signed.');

    // What was signed stays what is paid for: staff can no longer change or remove it.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
      payload: { ...body, customerId: jane.user.id, value: 2000 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/^This proposal has been accepted and signed/);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(409);
    expect((await manage(quote._id)).value).toBe(1000);

    // Accepting leads to paying the deposit.
    const paid = await payQuote(quote._id, jane);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await manage(quote._id)).state).toBe('Deposit paid');
  });

  it('is paid only once signed', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    const unsigned = await payQuote(quote._id, jane);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toBe('Accept and sign this proposal before paying it.');
    expect(await manage(quote._id)).toMatchObject({ paid: false, depositPaid: false });
    expect((await accept(quote._id, signed, jane.token)).statusCode).toBe(200);
    expect((await payQuote(quote._id, jane)).statusCode).toBe(200);
  });

  it('refuses an old version after staff edited it, and accepts the new one', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    const seen = (await view(quote._id, jane.token)).json<PublicQuote>();
    expect(seen.version).toBe(1);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
      payload: { ...body, customerId: jane.user.id, value: 1200 },
    });
    expect(edit.json().version).toBe(2);
    const old = await accept(quote._id, { ...signed, version: seen.version }, jane.token);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(
      'This proposal was changed since you opened it. Read the new version, then accept it.',
    );
    expect((await manage(quote._id)).acceptedAt).toBeNull();
    // Saving without a change keeps the version.
    await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(admin.token),
      payload: { ...body, customerId: jane.user.id, value: 1200 },
    });
    expect((await accept(quote._id, { ...signed, version: 2 }, jane.token)).statusCode).toBe(200);
  });

  it('once expired cannot be accepted or paid, until staff extend it', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    await expire(quote._id);
    const page = (await view(quote._id, jane.token)).json<PublicQuote>();
    expect(page.expired).toBe(true);
    expect((await manage(quote._id)).state).toBe('Expired');
    const res = await accept(quote._id, signed, jane.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This proposal has expired, so it can no longer be accepted. Ask us to extend it.',
    );
    const paid = await payQuote(quote._id, jane);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(
      'This proposal has expired, so it can no longer be paid. Ask us to extend it.',
    );
    const extend = (validUntil: string) =>
      app.inject({
        method: 'POST',
        url: `/api/quotes/${quote._id}/extend`,
        headers: bearer(admin.token),
        payload: { validUntil },
      });
    const past = await extend('2020-01-01');
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Valid until must be today or later');
    const next = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const extended = await extend(next);
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({ state: 'Viewed', expired: false });
    // The day ends at the business's midnight, not UTC's.
    expect(extended.json().validUntil).toBe(
      endOfLocalDay(next, config.businessTimeZone).toISOString(),
    );
    expect((await accept(quote._id, signed, jane.token)).statusCode).toBe(200);
  });

  it('is declined with a reason, staff hear of it, and an old link cannot pay it', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    const tooLong = await decline(quote._id, { reason: 'x'.repeat(2001) }, jane.token);
    expect(tooLong.statusCode).toBe(400);
    const res = await decline(quote._id, { reason: 'Over our budget' }, jane.token);
    expect(res.statusCode).toBe(200);
    expect(await manage(quote._id)).toMatchObject({
      state: 'Declined',
      declineReason: 'Over our budget',
    });
    const bell = await app.inject({ url: '/api/notifications', headers: bearer(admin.token) });
    expect(bell.json().items[0]).toMatchObject({
      title: 'Proposal declined: Spring launch',
      body: 'Their reason: Over our budget',
    });
    const paid = await payQuote(quote._id, jane);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(
      'This proposal was declined, so it cannot be paid. Ask us for a new one.',
    );
    const accepted = await accept(quote._id, signed, jane.token);
    expect(accepted.statusCode).toBe(409);
    expect((await decline(quote._id, {}, jane.token)).statusCode).toBe(409);
  });

  it('belongs to the customer’s company; a guest proposal is answered by its link', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    for (const [token, status] of [
      [outsider.token, 403],
      [undefined, 401],
    ] as const) {
      expect((await view(quote._id, token)).statusCode).toBe(status);
      expect((await accept(quote._id, signed, token)).statusCode).toBe(status);
      expect((await decline(quote._id, {}, token)).statusCode).toBe(status);
      const pdf = await app.inject({
        url: `/api/quotes/${quote._id}/signed.pdf`,
        headers: token ? bearer(token) : {},
      });
      expect(pdf.statusCode).toBe(status);
    }
    const paid = await payQuote(quote._id, outsider);
    expect(paid.statusCode).toBe(403);
    expect((await manage(quote._id)).acceptedAt).toBeNull();
    // Anyone of Jane's company, Billing included, may sign it.
    expect((await accept(quote._id, signed, janesBilling.token)).statusCode).toBe(200);

    const guest = await create({ recipientEmail: 'guest.proposal@example.com' });
    await send(guest._id);
    const res = await accept(guest._id, { ...signed, name: 'Gus Guest' });
    expect(res.statusCode).toBe(200);
    const pdf = await app.inject({ url: `/api/quotes/${guest._id}/signed.pdf` });
    expect(pdf.statusCode).toBe(200);
    await outboxMail(app, config.dataDir, 'guest.proposal@example.com', 'Signed: Spring launch');
  });

  it('staff read a proposal but never accept or decline it, for an account or for an email', async () => {
    const forJane = await create({ customerId: jane.user.id });
    await send(forJane._id);
    const forEmail = await create({ recipientEmail: 'paper.guest@example.com' });
    await send(forEmail._id);
    for (const id of [forJane._id, forEmail._id]) {
      for (const token of [admin.token, cora.token]) {
        expect((await view(id, token)).statusCode).toBe(200);
        const accepted = await accept(id, signed, token);
        expect(accepted.statusCode).toBe(403);
        expect(accepted.json().message).toBe(STAFF_CANNOT_ANSWER);
        const declined = await decline(id, { reason: 'Signed for them' }, token);
        expect(declined.statusCode).toBe(403);
        expect(declined.json().message).toBe(STAFF_CANNOT_ANSWER);
      }
      expect(await manage(id)).toMatchObject({ state: 'Sent', acceptedAt: null, declinedAt: null });
      expect(await quotes.findSignature(id)).toBeUndefined();
    }
    // The customer's company and the link's holder still answer.
    expect((await accept(forJane._id, signed, jane.token)).statusCode).toBe(200);
    expect((await decline(forEmail._id, {})).statusCode).toBe(200);
  });

  it('staff who manage quotes record an acceptance given on paper, saying who recorded it', async () => {
    const quote = await create({ customerId: jane.user.id });
    await send(quote._id);
    const paper = {
      version: 1,
      name: 'Jane Proposal',
      note: 'Signed paper copy handed over at the meeting on Tuesday',
    };
    const record = (payload: object, token?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/quotes/${quote._id}/record-acceptance`,
        headers: token ? bearer(token) : {},
        payload,
      });
    // Only staff who manage quotes: a co-ordinator (who reaches no quote), the customer or anyone.
    expect((await record(paper, cora.token)).statusCode).toBe(403);
    expect((await record(paper, jane.token)).statusCode).toBe(403);
    expect((await record(paper)).statusCode).toBe(401);
    const noNote = await record({ ...paper, note: ' ' }, admin.token);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe('Say how the customer accepted it');
    expect((await record({ ...paper, version: 2 }, admin.token)).statusCode).toBe(409);
    expect(await quotes.findSignature(quote._id)).toBeUndefined();

    const res = await record(paper, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'Accepted',
      accepted: { name: 'Jane Proposal', version: 1, recordedBy: 'Ada Admin' },
      acceptanceNote: paper.note,
    });
    const signature = await quotes.findSignature(quote._id);
    expect(signature).toMatchObject({
      signedName: 'Jane Proposal',
      userId: null,
      recordedById: admin.user.id,
      recordedByName: 'Ada Admin',
      note: paper.note,
    });
    // The customer's page says it was recorded by staff, and keeps the staff's note to itself.
    const page = (await view(quote._id, jane.token)).json();
    expect(page.accepted).toMatchObject({ name: 'Jane Proposal', recordedBy: 'Ada Admin' });
    expect(JSON.stringify(page)).not.toContain(paper.note);
    const pdf = await app.inject({
      url: `/api/quotes/${quote._id}/signed.pdf`,
      headers: bearer(jane.token),
    });
    expect((await pdfTextRuns(pdf.rawPayload)).join(' ')).toContain(
      'Accepted on paper, recorded by Ada Admin',
    );
    const audit = await app.inject({ url: '/api/audit?kind=quotes', headers: bearer(admin.token) });
    expect(audit.json().items[0]).toMatchObject({
      action: 'quote.acceptance_recorded',
      actorName: 'Ada Admin',
      summary:
        'Recorded the acceptance of "Spring launch" (version 1) by Jane Proposal, given on paper',
    });
    // Once is all: the customer can no longer sign it, nor staff record it again.
    expect((await accept(quote._id, signed, jane.token)).statusCode).toBe(409);
    expect((await record(paper, admin.token)).statusCode).toBe(409);
    expect((await payQuote(quote._id, jane)).statusCode).toBe(200);
  });

  it('a signed-out guest accepts and pays a guest proposal as a guest checkout does', async () => {
    const guestCheckout = async (id: string, email: string) => {
      const quote = (await view(id)).json<PublicQuote>();
      const request = quotePaymentRequest({
        quote,
        userId: '',
        coordinatorId: cora.user.id,
        customer: { name: 'Gail Guest', email },
        companyName: 'Guest Co',
        contactNumber: '0412345678',
        paymentMethodId: sandboxCard(),
        idempotencyKey: newIdempotencyKey(),
      });
      return app.inject({
        method: 'POST',
        url: '/api/payments/guest-checkout',
        payload: {
          ...request,
          guest: { firstName: 'Gail', lastName: 'Guest', email, phoneNumber: '0412345678' },
        },
      });
    };
    const quote = await create({ recipientEmail: 'gail.guest@example.com' });
    await send(quote._id);
    expect((await accept(quote._id, { ...signed, name: 'Gail Guest' })).statusCode).toBe(200);
    const res = await guestCheckout(quote._id, 'gail.guest@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ account: 'created', token: expect.any(String) });
    const projectId = res.json().payment.projectId;
    const project = await app.inject({
      url: `/api/projects/${projectId}`,
      headers: bearer(res.json().token),
    });
    expect(project.json()).toMatchObject({ quoteId: quote._id });
    expect(
      (
        await app.inject({
          url: `/api/quotes/${quote._id}/signed.pdf`,
          headers: bearer(res.json().token),
        })
      ).statusCode,
    ).toBe(200);

    // An email that already has an account: paid, and held for its owner to claim.
    const held = await create({ recipientEmail: 'someone.new@example.com' });
    await send(held._id);
    await accept(held._id, { ...signed, name: 'Gail Guest' });
    const existing = await guestCheckout(held._id, outsider.user.email);
    expect(existing.statusCode, existing.body).toBe(200);
    expect(existing.json()).toMatchObject({ account: 'existing', token: null });
    await outboxMail(app, config.dataDir, outsider.user.email, '/claim-order');
  });
});
