import { describe, expect, it } from 'vitest';
import { createTestApp, testRepositories } from '../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { outboxMail } from '../test/outbox.ts';
import { INVITATION_MAILS_PER_HOUR } from '../modules/companies/manage-team.ts';
import { emailBrandOf, renderEmailHtml } from '../lib/email-html.ts';

/**
 * An account used before its mailbox is proven (decision 088): whoever typed an address at
 * sign-up may buy for themselves but not change a team or a sign-in, and the real owner's first
 * proof (the confirmation link, a reset, a claim link) takes back whatever was set up before it.
 * Also: owners who change each other at once, and invitations as a mail relay.
 */
const { app, config } = await createTestApp();
const repos = testRepositories(app);

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function signUp(email: string) {
  const res = await call(null, 'POST', '/api/auth/signup', {
    firstName: 'Vera',
    lastName: 'Victim',
    email,
    phoneNumber: '0412 345 678',
    password: TEST_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string; user: { _id: string; emailVerified: boolean } }>();
}

/** The token of the newest link of `kind` ('verify-email', 'reset-password') mailed to `email`. */
async function mailedToken(email: string, kind: string, containing = `/${kind}?token=`) {
  const mail = await outboxMail(app, config.dataDir, email, containing);
  const token = new RegExp(`/${kind}\\?token=([\\w-]+)`).exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no ${kind} link in the mail to ${email}`);
  return token;
}

const companyOf = async (userId: string) => (await repos.companies.membershipOf(userId))!;

describe('an account whose address is not proven', () => {
  it('may not invite, change roles, rename its company or set up two-factor', async () => {
    const { token, user } = await signUp('vera.unproven@example.com');
    expect(user.emailVerified).toBe(false);
    const me = await call(token, 'GET', '/api/auth/user');
    expect(me.json().emailVerified).toBe(false);

    const refused = [
      await call(token, 'POST', '/api/company/invitations', {
        email: 'mallory.second@example.com',
        role: 'owner',
      }),
      await call(token, 'PUT', `/api/company/members/${user._id}`, { role: 'member' }),
      await call(token, 'PUT', '/api/company', { name: 'Vera Co' }),
      await call(token, 'POST', '/api/auth/two-factor/setup', {}),
      await call(token, 'POST', '/api/auth/two-factor/confirm', { code: '123456' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'email_unverified' });
      expect(res.json().message).toContain('Confirm your email address first');
    }
    // Nothing was made: no invitation, no pending two-factor secret.
    const company = await companyOf(user._id);
    expect(await repos.companies.openInvitations(company.companyId)).toEqual([]);
    expect(await repos.twoFactor.findSecret(user._id)).toBeUndefined();
    // It still sees its own (empty) team and may buy: the gate is only on what reaches others.
    expect((await call(token, 'GET', '/api/company')).statusCode).toBe(200);
  });

  it('is proven by its mailed link, once; the signed-in browser stays, every other session ends', async () => {
    const { token, user } = await signUp('vera.confirms@example.com');
    const other = await call(null, 'POST', '/api/auth/login', {
      username: 'vera.confirms@example.com',
      password: TEST_PASSWORD,
    });
    const otherToken = other.json<{ token: string }>().token;
    const link = await mailedToken('vera.confirms@example.com', 'verify-email');
    const mail = await outboxMail(app, config.dataDir, 'vera.confirms@example.com', 'Confirm');
    expect(mail.subject).toBe(`Confirm your email address for ${config.companyName}`);

    const bad = await call(null, 'POST', '/api/auth/verify-email', { token: 'x'.repeat(40) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('invalid or has expired');

    const confirmed = await call(token, 'POST', '/api/auth/verify-email', { token: link });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Thank you: your email address is confirmed.',
      undone: [],
    });
    expect((await call(token, 'GET', '/api/auth/user')).json().emailVerified).toBe(true);
    expect((await call(otherToken, 'GET', '/api/auth/user')).statusCode).toBe(401);

    const again = await call(null, 'POST', '/api/auth/verify-email', { token: link });
    expect(again.json().message).toBe('Your email address is already confirmed.');
    const resend = await call(token, 'POST', '/api/auth/verify-email/resend');
    expect(resend.statusCode).toBe(409);

    const invite = await call(token, 'POST', '/api/company/invitations', {
      email: 'tom.teammate@example.com',
      role: 'member',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const [entry] = await repos.audit.listForEntity('user', user._id);
    expect(entry).toMatchObject({ action: 'user.email_verified', actorId: user._id });
  });

  it('asks for a new link a few times an hour, not more', async () => {
    const { token } = await signUp('vera.resends@example.com');
    for (let i = 0; i < 3; i++) {
      const res = await call(token, 'POST', '/api/auth/verify-email/resend');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('We sent a new link to vera.resends@example.com.');
    }
    const fourth = await call(token, 'POST', '/api/auth/verify-email/resend');
    expect(fourth.statusCode).toBe(429);
    // Only the newest link works: the older ones were voided as each new one was made.
    const newest = await mailedToken('vera.resends@example.com', 'verify-email');
    expect(newest).toBeTruthy();
  });
});

describe('the first proof of the mailbox', () => {
  it('takes back the second owner, the invitation and two-factor a pre-created account set up', async () => {
    // What an attacker could set up before addresses had to be proven: an account with the
    // victim's email, a second owner of their own, the victim demoted, an invitation out and
    // two-factor on. Written directly, as today's routes refuse every step.
    const victim = await createUser(app, {
      email: 'vera.victim@example.com',
      firstName: 'Vera',
      lastName: 'Victim',
      emailVerified: false,
    });
    const attacker = await createUser(app, {
      email: 'mallory@example.com',
      firstName: 'Mallory',
      lastName: 'Second',
    });
    const { companyId } = await companyOf(victim.user.id);
    const invitation = await repos.companies.insertInvitation({
      companyId,
      email: attacker.user.email,
      role: 'owner',
      tokenHash: `pre-${attacker.user.id}`,
      expiresAt: new Date(Date.now() + 3600_000),
      invitedById: victim.user.id,
    });
    const attackerOwn = await companyOf(attacker.user.id);
    expect(await repos.companies.join(invitation, attacker.user.id, attackerOwn.companyId)).toBe(
      true,
    );
    expect(await repos.companies.setRole(companyId, victim.user.id, 'member')).toBe(true);
    await repos.companies.insertInvitation({
      companyId,
      email: 'another.accomplice@example.com',
      role: 'billing',
      tokenHash: `pre-open-${victim.user.id}`,
      expiresAt: new Date(Date.now() + 3600_000),
      invitedById: attacker.user.id,
    });
    await repos.twoFactor.savePendingSecret(victim.user.id, 'sealed-secret');
    await repos.twoFactor.enable(victim.user.id, ['hash-1']);
    // The attacker's second owner reads the company: the hole this closes.
    expect((await call(attacker.token, 'GET', '/api/company')).statusCode).toBe(200);

    // The real owner finds the address taken and resets the password from the mailed link.
    const forgot = await call(null, 'POST', '/api/auth/forgot-password', {
      email: 'vera.victim@example.com',
    });
    expect(forgot.statusCode).toBe(202);
    const resetToken = await mailedToken('vera.victim@example.com', 'reset-password');
    const reset = await call(null, 'POST', '/api/auth/reset-password', {
      token: resetToken,
      password: 'the real owner now',
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // Every session the attacker held ends: the account's own and the second owner's.
    expect((await call(victim.token, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await call(attacker.token, 'GET', '/api/company')).statusCode).toBe(401);
    // The team is the owner's alone again, the invitation withdrawn, two-factor off.
    expect(await repos.companies.members(companyId)).toMatchObject([
      { email: 'vera.victim@example.com', role: 'owner' },
    ]);
    expect(await repos.companies.openInvitations(companyId)).toEqual([]);
    expect(await repos.twoFactor.findSecret(victim.user.id)).toBeUndefined();
    const signIn = await call(null, 'POST', '/api/auth/login', {
      username: 'vera.victim@example.com',
      password: 'the real owner now',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('token'); // no second step set up by someone else
    const me = await call(signIn.json().token, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ emailVerified: true, company: { role: 'owner' } });
    // The second owner is back in a company of their own, with none of the victim's.
    const later = await call(null, 'POST', '/api/auth/login', {
      username: 'mallory@example.com',
      password: TEST_PASSWORD,
    });
    const theirs = await call(later.json().token, 'GET', '/api/company');
    expect(theirs.json().company._id).not.toBe(companyId);

    // The owner is told what was undone.
    const told = await outboxMail(
      app,
      config.dataDir,
      'vera.victim@example.com',
      'Changes undone on your',
    );
    expect(told.text).toContain(
      'Mallory Second (mallory@example.com), who had joined as Owner, was removed from the team',
    );
    expect(told.text).toContain('The invitation to another.accomplice@example.com');
    expect(told.text).toContain('Two-factor sign-in was turned off');
    expect(told.text).toContain('You are an owner of your team again');
  });

  it('changes nothing for an account that was proven already', async () => {
    const owner = await createUser(app, { email: 'olga.proven@example.com' });
    await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'pat.pending@example.com',
      role: 'member',
    });
    await call(null, 'POST', '/api/auth/forgot-password', { email: 'olga.proven@example.com' });
    const resetToken = await mailedToken('olga.proven@example.com', 'reset-password');
    await call(null, 'POST', '/api/auth/reset-password', {
      token: resetToken,
      password: 'a new password here',
    });
    const { companyId } = await companyOf(owner.user.id);
    expect(await repos.companies.openInvitations(companyId)).toHaveLength(1);
  });
});

describe('two owners at once', () => {
  it('never leave a company without an owner, demoting or removing each other', async () => {
    // On PostgreSQL the two requests run side by side; the company's row makes them queue.
    for (let round = 0; round < 12; round++) {
      const first = await createUser(app, { email: `ann.${round}@example.com` });
      const second = await createUser(app, { email: `bo.${round}@example.com` });
      const { companyId } = await companyOf(first.user.id);
      const invitation = await repos.companies.insertInvitation({
        companyId,
        email: second.user.email,
        role: 'owner',
        tokenHash: `race-${round}`,
        expiresAt: new Date(Date.now() + 3600_000),
        invitedById: first.user.id,
      });
      await repos.companies.join(invitation, second.user.id, null);
      const removing = round % 2 === 1;
      const change = (caller: string, target: string) =>
        removing
          ? call(caller, 'DELETE', `/api/company/members/${target}`)
          : call(caller, 'PUT', `/api/company/members/${target}`, { role: 'member' });
      const answers = await Promise.all([
        change(first.token, second.user.id),
        change(second.token, first.user.id),
      ]);
      // One wins; the other is refused as the last owner (409) or, changed a moment earlier,
      // as no longer an owner (403) or no longer signed in (401).
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes[0], `round ${round}`).toBe(200);
      expect([401, 403, 409], `round ${round}: ${codes}`).toContain(codes[1]);
      const members = await repos.companies.members(companyId);
      expect(members.filter((m) => m.role === 'owner')).toHaveLength(1);
    }
  });
});

describe('invitations', () => {
  it(`send at most ${INVITATION_MAILS_PER_HOUR} mails an hour per company, resends included`, async () => {
    const owner = await createUser(app, { email: 'flo.flood@example.com' });
    let last = await call(owner.token, 'POST', '/api/company/invitations', {
      email: 'flood-0@example.com',
      role: 'member',
    });
    const id = last.json().invitations[0]._id as string;
    for (let i = 1; i < INVITATION_MAILS_PER_HOUR - 1; i++) {
      last = await call(owner.token, 'POST', '/api/company/invitations', {
        email: `flood-${i}@example.com`,
        role: 'member',
      });
      expect(last.statusCode, last.body).toBe(200);
    }
    const resent = await call(owner.token, 'POST', `/api/company/invitations/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const over = [
      await call(owner.token, 'POST', '/api/company/invitations', {
        email: 'flood-over@example.com',
        role: 'member',
      }),
      await call(owner.token, 'POST', `/api/company/invitations/${id}/resend`),
    ];
    for (const res of over) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().message).toContain(`sent ${INVITATION_MAILS_PER_HOUR} invitations`);
    }
    const { companyId } = await companyOf(owner.user.id);
    expect(await repos.companies.openInvitations(companyId)).toHaveLength(
      INVITATION_MAILS_PER_HOUR - 1,
    );
  });

  it('refuse company names that carry a web address or markup', async () => {
    const owner = await createUser(app, { email: 'nina.names@example.com' });
    for (const name of [
      'Cheap offers https://evil.example/win',
      'Visit www.prizes.example',
      'Claim at prizes.com now',
      '<a href="x">Bakery</a>',
    ]) {
      const res = await call(owner.token, 'PUT', '/api/company', { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain('cannot contain a web address');
    }
    const profile = await call(owner.token, 'PUT', '/api/users/profile', {
      profile: {
        firstName: 'Nina',
        lastName: 'Names',
        companyName: 'Prizes at win.net',
        contactNumber: '',
      },
    });
    expect(profile.statusCode).toBe(400);
    const fine = await call(owner.token, 'PUT', '/api/company', { name: 'St. Kilda Bakery' });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('mail links only the shop’s own addresses, never one a customer wrote', async () => {
    const html = await renderEmailHtml(
      {
        subject: 'Join',
        text: `Hello,\n\nAcme https://evil.example/win invited you.\n\n${config.publicUrl}/invitations/abc\n`,
        action: { label: 'Accept the invitation', url: `${config.publicUrl}/invitations/abc` },
      },
      emailBrandOf(config),
    );
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain('https://evil.example/win');
    expect(html).toContain(`href="${config.publicUrl}/invitations/abc"`);
  });
});
