import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { createUserRepository } from '../users/repository.ts';
import { createCompanyRepository } from './repository.ts';

/**
 * Client companies (docs/product.md#client-companies): an owner invites teammates by email with
 * a role; the company's people see its orders as their roles allow, and nobody else does.
 */
const { app, config } = await createTestApp();
const companies = createCompanyRepository(app.database.db);
const cora = await coordinator(app);
const owner = await createUser(app, {
  email: 'olive.owner@example.com',
  firstName: 'Olive',
  lastName: 'Owner',
});
const service = await createServiceToOrder(app, {
  title: 'Logo design',
  packages: [{ title: 'Basic', type: 'one-time', baseCostCents: 50_000 }],
  extras: [],
});
const paid = await pay(
  app,
  owner.token,
  orderBody(service, { coordinatorId: cora.user.id, companyName: 'Olive Bakery' }),
);
expect(paid.statusCode, paid.body).toBe(200);
const { projectId, paymentId } = paid.json<{ projectId: string; paymentId: string }>();

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** The link of the newest invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = await outboxMail(app, config.dataDir, email, '/invitations/');
  const token = /\/invitations\/([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error('no link in the invitation');
  return token;
}

describe('client companies', () => {
  it('an owner invites a teammate, who makes an account from the link and sees the company’s orders', async () => {
    const invite = await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'Mia.Member@Example.com',
      role: 'member',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json().invitations).toMatchObject([
      {
        email: 'mia.member@example.com',
        role: 'member',
        invitedByName: 'Olive Owner',
        expired: false,
      },
    ]);
    const mail = await outboxMail(app, config.dataDir, 'mia.member@example.com', 'invited you');
    expect(mail.subject).toContain('Join Olive Bakery');
    expect(mail.text).toContain('Olive Owner invited you to join Olive Bakery');
    const token = await invitationLink('mia.member@example.com');

    const view = await call(null, 'GET', `/api/invitations/${token}`);
    expect(view.json()).toEqual({
      companyName: 'Olive Bakery',
      invitedByName: 'Olive Owner',
      email: 'mia.member@example.com',
      role: 'member',
      state: 'open',
      hasAccount: false,
    });

    const missing = await call(null, 'POST', `/api/invitations/${token}/accept`, {
      firstName: 'Mia',
      lastName: 'Member',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose a password');

    const accepted = await call(null, 'POST', `/api/invitations/${token}/accept`, {
      firstName: 'Mia',
      lastName: 'Member',
      password: 'a long enough password',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().company).toMatchObject({ name: 'Olive Bakery', role: 'member' });
    const mia = accepted.json<{ token: string }>().token;

    const me = await call(mia, 'GET', '/api/auth/user');
    expect(me.json().company).toMatchObject({ name: 'Olive Bakery', role: 'member' });
    const list = await call(mia, 'GET', '/api/projects');
    expect(list.json().map((p: { _id: string }) => p._id)).toEqual([projectId]);
    expect((await call(mia, 'GET', `/api/projects/${projectId}`)).statusCode).toBe(200);

    // Used once: the link now says so and joins nobody.
    expect((await call(null, 'GET', `/api/invitations/${token}`)).json().state).toBe('accepted');
    const again = await call(null, 'POST', `/api/invitations/${token}/accept`, {
      firstName: 'Eve',
      lastName: 'Else',
      password: 'a long enough password',
    });
    expect(again.statusCode).toBe(410);
    const team = await call(owner.token, 'GET', '/api/company');
    expect(
      team.json().members.map((m: { name: string; role: string }) => [m.name, m.role]),
    ).toEqual([
      ['Olive Owner', 'owner'],
      ['Mia Member', 'member'],
    ]);
    expect(team.json().invitations).toEqual([]);
  });

  it('a member briefs, writes and approves; a billing person reads invoices; neither does the other’s work', async () => {
    const member = await createTeammate(app, owner.user, 'member', { firstName: 'Max' });
    const billing = await createTeammate(app, owner.user, 'billing', { firstName: 'Bea' });

    const brief = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/brief`,
      headers: bearer(member.token),
      body: multipart({ text: 'Our colours are green and gold' }),
    });
    expect(brief.statusCode, brief.body).toBe(201);
    const deliverable = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/messages`,
      headers: bearer(cora.token),
      body: multipart({ text: 'First logo', deliverable: 'Logo' }, [
        { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
      ]),
    });
    expect(deliverable.statusCode, deliverable.body).toBe(201);
    const deliverableId = deliverable.json().deliverable._id as string;
    await app.afterAnswer.drain();

    // Billing hears nothing of messages; the member (and the owner) do.
    const bells = async (token: string) =>
      (await call(token, 'GET', '/api/notifications'))
        .json()
        .items.map((n: { kind: string }) => n.kind);
    expect(await bells(member.token)).toContain('new-message');
    expect(await bells(owner.token)).toContain('new-message');
    expect(await bells(billing.token)).not.toContain('new-message');
    // The team heard of the member's brief as of any customer's.
    expect(await bells(cora.token)).toContain('new-brief');

    const refused = [
      ['GET', `/api/projects/${projectId}/messages`],
      ['POST', `/api/projects/${projectId}/deliverables/${deliverableId}/approve`],
      ['GET', `/api/projects/${projectId}/brief`],
    ] as const;
    for (const [method, url] of refused) {
      const res = await call(billing.token, method, url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toContain('Your role in your company does not allow this');
    }
    const invoice = await call(billing.token, 'GET', `/api/payments/${paymentId}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(
      (await call(billing.token, 'GET', `/api/projects/${projectId}/payments`)).statusCode,
    ).toBe(200);

    expect((await call(member.token, 'GET', `/api/payments/${paymentId}/invoice`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(member.token, 'GET', `/api/projects/${projectId}/payments`)).statusCode,
    ).toBe(403);
    const approved = await call(
      member.token,
      'POST',
      `/api/projects/${projectId}/deliverables/${deliverableId}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    // Neither manages the team, and Billing places no orders.
    for (const token of [member.token, billing.token]) {
      expect((await call(token, 'GET', '/api/company')).statusCode).toBe(403);
      const invite = await call(token, 'POST', '/api/company/invitations', {
        email: 'x@example.com',
        role: 'owner',
      });
      expect(invite.statusCode).toBe(403);
    }
    const order = await pay(
      app,
      billing.token,
      orderBody(service, { coordinatorId: cora.user.id, idempotencyKey: 'billing-order-1' }),
    );
    expect(order.statusCode).toBe(403);
  });

  it('refuses bad invitations with a clear message and stores none', async () => {
    const staff = await createUser(app, { role: 'admin', email: 'ada.admin@example.com' });
    const cases: [object, number, string][] = [
      [{ email: 'not an email', role: 'member' }, 400, 'valid email'],
      [{ email: 'x@example.com', role: 'boss' }, 400, 'Choose a role'],
      [{ email: staff.user.email, role: 'member' }, 400, 'member of our team'],
      [{ email: owner.user.email, role: 'member' }, 409, 'already in this team'],
    ];
    const before = (await call(owner.token, 'GET', '/api/company')).json().invitations.length;
    for (const [payload, status, message] of cases) {
      const res = await call(owner.token, 'POST', '/api/company/invitations', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const first = await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'twice@example.com',
      role: 'billing',
    });
    expect(first.statusCode).toBe(200);
    const twice = await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'TWICE@example.com',
      role: 'member',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('already invited');
    const after = (await call(owner.token, 'GET', '/api/company')).json().invitations;
    expect(after.length).toBe(before + 1);
  });

  it('resends with a new link, withdraws, and refuses an expired link', async () => {
    const sent = await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'rita.resend@example.com',
      role: 'member',
    });
    const id = sent
      .json()
      .invitations.find((i: { email: string }) => i.email === 'rita.resend@example.com')._id;
    const oldToken = await invitationLink('rita.resend@example.com');
    const resent = await call(owner.token, 'POST', `/api/company/invitations/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/invitations/${oldToken}`)).statusCode).toBe(404);

    const withdrawn = await call(owner.token, 'DELETE', `/api/company/invitations/${id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().invitations.map((i: { _id: string }) => i._id)).not.toContain(id);

    const expiring = await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'ed.expired@example.com',
      role: 'member',
    });
    expect(expiring.statusCode).toBe(200);
    const token = await invitationLink('ed.expired@example.com');
    const row = (
      await companies.openInvitations((await companies.membershipOf(owner.user.id))!.companyId)
    )
      .map((r) => r.invitation)
      .find((i) => i.email === 'ed.expired@example.com')!;
    await companies.renewInvitation(row.id, row.tokenHash, new Date(Date.now() - 1000));
    expect((await call(null, 'GET', `/api/invitations/${token}`)).json().state).toBe('expired');
    const late = await call(null, 'POST', `/api/invitations/${token}/accept`, {
      firstName: 'Ed',
      lastName: 'Late',
      password: 'a long enough password',
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toContain('expired');
  });

  it('an existing account signs in to join; one with orders of its own cannot move', async () => {
    const sam = await createUser(app, { email: 'sam.signed@example.com', firstName: 'Sam' });
    await call(owner.token, 'POST', '/api/company/invitations', {
      email: sam.user.email,
      role: 'billing',
    });
    const token = await invitationLink(sam.user.email);
    expect((await call(null, 'GET', `/api/invitations/${token}`)).json().hasAccount).toBe(true);
    const signedOut = await call(null, 'POST', `/api/invitations/${token}/accept`, {
      firstName: 'Sam',
      lastName: 'X',
      password: 'a long enough password',
    });
    expect(signedOut.statusCode).toBe(409);
    expect(signedOut.json().message).toContain('sign in with it');
    const someoneElse = await createUser(app);
    expect(
      (await call(someoneElse.token, 'POST', `/api/invitations/${token}/accept`, {})).statusCode,
    ).toBe(403);
    const joined = await call(sam.token, 'POST', `/api/invitations/${token}/accept`, {});
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await call(sam.token, 'GET', '/api/auth/user')).json().company.role).toBe('billing');

    const buyer = await createUser(app, { email: 'busy.buyer@example.com' });
    const own = await pay(app, buyer.token, orderBody(service, { coordinatorId: cora.user.id }));
    expect(own.statusCode).toBe(200);
    await call(owner.token, 'POST', '/api/company/invitations', {
      email: buyer.user.email,
      role: 'member',
    });
    const buyerToken = await invitationLink(buyer.user.email);
    const moved = await call(buyer.token, 'POST', `/api/invitations/${buyerToken}/accept`, {});
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('a person belongs to one company');
    expect((await call(buyer.token, 'GET', '/api/projects')).json()).toHaveLength(1);
  });

  it('keeps an owner, and a removed member’s old token opens nothing', async () => {
    const second = await createTeammate(app, owner.user, 'member', { firstName: 'Rob' });
    const demoteLast = await call(owner.token, 'PUT', `/api/company/members/${owner.user.id}`, {
      role: 'member',
    });
    expect(demoteLast.statusCode).toBe(409);
    expect(demoteLast.json().message).toContain('Every company needs an owner');
    expect(
      (await call(owner.token, 'DELETE', `/api/company/members/${owner.user.id}`)).statusCode,
    ).toBe(409);

    const promoted = await call(owner.token, 'PUT', `/api/company/members/${second.user.id}`, {
      role: 'billing',
    });
    expect(promoted.statusCode).toBe(200);
    await outboxMail(app, config.dataDir, second.user.email, 'is now Billing');

    const removed = await call(owner.token, 'DELETE', `/api/company/members/${second.user.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { userId: string }) => m.userId)).not.toContain(
      second.user.id,
    );
    expect((await call(second.token, 'GET', `/api/projects/${projectId}`)).statusCode).toBe(401);
    await outboxMail(app, config.dataDir, second.user.email, 'no longer part of Olive Bakery');
    // Signed in again, they are the owner of a company of their own, without Olive's orders.
    const login = await call(null, 'POST', '/api/auth/login', {
      username: second.user.email,
      password: second.password,
    });
    const fresh = login.json<{ token: string }>().token;
    expect((await call(fresh, 'GET', '/api/auth/user')).json().company.role).toBe('owner');
    expect((await call(fresh, 'GET', `/api/projects/${projectId}`)).statusCode).toBe(404);
    expect(await call(fresh, 'GET', '/api/projects').then((r) => r.json())).toEqual([]);
  });

  it('a company whose only owner is made staff keeps an owner', async () => {
    const founder = await createUser(app, { email: 'founder.to.staff@example.com' });
    const helper = await createTeammate(app, founder.user, 'billing');
    await createUserRepository(app.database.db).update(founder.user.id, { role: 'co-ordinator' });
    expect(await companies.membershipOf(founder.user.id)).toBeUndefined();
    expect((await companies.membershipOf(helper.user.id))?.role).toBe('owner');
  });

  it('staff see a customer’s company and add a person to it', async () => {
    const admin = await createUser(app, { role: 'admin', firstName: 'Ann' });
    const companyId = (await companies.membershipOf(owner.user.id))!.companyId;
    const view = await call(admin.token, 'GET', `/api/companies/${companyId}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().company.name).toBe('Olive Bakery');
    const added = await call(admin.token, 'POST', `/api/companies/${companyId}/invitations`, {
      email: 'added.by.staff@example.com',
      role: 'billing',
    });
    expect(added.statusCode, added.body).toBe(200);
    const mail = await outboxMail(app, config.dataDir, 'added.by.staff@example.com', 'invited you');
    expect(mail.text).toContain(
      'Ann admin invited you to join Olive Bakery on Make Noise Agency as Billing',
    );
  });
});
