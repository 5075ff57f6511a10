import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';

const { app } = await createTestApp();
const superAdmin = await createUser(app, { role: 'super-admin' });
const admin = await createUser(app, { role: 'admin' });
const coordinator = await createUser(app, { role: 'co-ordinator' });

const send = (
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) => app.inject({ method, url, headers: bearer(token), body: multipart(fields, files) });

const changeRole = (token: string, id: string, role: string, on = app) =>
  on.inject({
    method: 'POST',
    url: `/api/users/site-users/${id}/role`,
    headers: bearer(token),
    payload: { role },
  });

const fields = (email: string, role: string, extra: Record<string, string> = {}) => ({
  email,
  role,
  'profile[firstName]': 'Sam',
  'profile[lastName]': 'Staff',
  'profile[displayName]': '',
  'profile[contactNumber]': '0412345678',
  'profile[bio]': 'Hello',
  ...extra,
});

describe('site users', () => {
  it('admin creates a co-ordinator with a password and a profile photo', async () => {
    const res = await send(
      admin.token,
      'POST',
      '/api/users/site-users',
      fields('new.coord@example.com', 'co-ordinator', { password: 'a fine password' }),
      [{ field: 'profilePhoto', fixture: 'image.png', type: 'image/png' }],
    );
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: 'new.coord@example.com', role: 'co-ordinator' });
    expect(user.profile.profilePhotoURL).toMatch(/^\/uploads\/.+\.webp$/);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'new.coord@example.com', password: 'a fine password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a disguised photo, a missing role, a taken email, and stores nothing', async () => {
    const disguised = await send(
      admin.token,
      'POST',
      '/api/users/site-users',
      fields('d@example.com', 'client'),
      [{ field: 'profilePhoto', fixture: 'disguised-html.png', type: 'image/png' }],
    );
    expect(disguised.statusCode).toBe(400);
    const noRole = await send(
      admin.token,
      'POST',
      '/api/users/site-users',
      fields('r@example.com', ''),
    );
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe('Please choose a role');
    const taken = await send(
      admin.token,
      'POST',
      '/api/users/site-users',
      fields(admin.user.email, 'client'),
    );
    expect(taken.statusCode).toBe(409);
    const list = await app.inject({ url: '/api/users/site-users', headers: bearer(admin.token) });
    const emails = list.json().map((u: { email: string }) => u.email);
    expect(emails).not.toContain('d@example.com');
    expect(emails).not.toContain('r@example.com');
  });

  it('lists the staff only: customers are under Customers', async () => {
    const customer = await createUser(app, {
      role: 'client',
      email: 'listed.customer@example.com',
    });
    const coordinator = await createUser(app, { role: 'co-ordinator' });
    const list = await app.inject({ url: '/api/users/site-users', headers: bearer(admin.token) });
    const emails = list.json().map((u: { email: string }) => u.email);
    expect(emails).toContain(coordinator.user.email);
    expect(emails).not.toContain(customer.user.email);
  });

  it('only a super-admin creates or promotes a super-admin', async () => {
    const byAdmin = await send(
      admin.token,
      'POST',
      '/api/users/site-users',
      fields('sa1@example.com', 'super-admin'),
    );
    expect(byAdmin.statusCode).toBe(403);
    const target = await createUser(app, { role: 'client' });
    const promote = await changeRole(admin.token, target.user.id, 'super-admin');
    expect(promote.statusCode).toBe(403);
    const bySuper = await send(
      superAdmin.token,
      'POST',
      '/api/users/site-users',
      fields('sa2@example.com', 'super-admin'),
    );
    expect(bySuper.statusCode).toBe(201);
  });

  it('a role change is its own action: audited with both roles, and it ends that user’s tokens', async () => {
    const target = await createUser(app, { role: 'co-ordinator' });
    const res = await changeRole(admin.token, target.user.id, 'client');
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('client');
    expect(
      (await app.inject({ url: '/api/auth/user', headers: bearer(target.token) })).statusCode,
    ).toBe(401);
    const audit = await app.inject({
      url: `/api/audit?entityId=${target.user.id}`,
      headers: bearer(superAdmin.token),
    });
    expect(JSON.stringify(audit.json())).toContain(
      `Changed ${target.user.email} from Co-ordinator to User`,
    );
  });

  it('editing keeps every field not sent, and refuses a role change made through the form', async () => {
    const target = await createUser(app, { role: 'client' });
    const full = await send(
      admin.token,
      'PUT',
      `/api/users/site-users/${target.user.id}`,
      fields(target.user.email, 'client', { 'profile[bio]': 'Bakes bread' }),
    );
    expect(full.statusCode).toBe(200);
    const partial = await send(admin.token, 'PUT', `/api/users/site-users/${target.user.id}`, {
      'profile[displayName]': 'The Baker',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      email: target.user.email,
      role: 'client',
      profile: {
        firstName: 'Sam',
        lastName: 'Staff',
        displayName: 'The Baker',
        contactNumber: '0412345678',
        bio: 'Bakes bread',
      },
    });
    const promote = await send(
      admin.token,
      'PUT',
      `/api/users/site-users/${target.user.id}`,
      fields(target.user.email, 'admin', { 'profile[bio]': 'changed' }),
    );
    expect(promote.statusCode).toBe(400);
    expect(promote.json().message).toMatch(/^Change the role with 'Change role'/);
    const after = await app.inject({
      url: `/api/users/site-users/${target.user.id}`,
      headers: bearer(admin.token),
    });
    expect(after.json()).toMatchObject({ role: 'client', profile: { bio: 'Bakes bread' } });
  });

  it('refuses a field the form does not have, naming it, and changes nothing', async () => {
    const target = await createUser(app, { role: 'client' });
    const res = await send(admin.token, 'PUT', `/api/users/site-users/${target.user.id}`, {
      'profile[bio]': 'new',
      isAdmin: 'true',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('isAdmin');
  });

  it('nobody deletes themselves; deletion ends the tokens; the last super-admin stays', async () => {
    const self = await app.inject({
      method: 'DELETE',
      url: `/api/users/site-users/${admin.user.id}`,
      headers: bearer(admin.token),
    });
    expect(self.statusCode).toBe(400);
    const target = await createUser(app);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/users/site-users/${target.user.id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await app.inject({ url: '/api/auth/user', headers: bearer(target.token) })).statusCode,
    ).toBe(401);
  });

  it('refuses to demote or delete the last super-admin, even when two try at once', async () => {
    const { app: solo } = await createTestApp();
    const a = await createUser(solo, { role: 'super-admin' });
    const b = await createUser(solo, { role: 'super-admin' });
    const demote = (actor: typeof a, target: typeof a) =>
      changeRole(actor.token, target.user.id, 'admin', solo);
    const results = await Promise.all([demote(a, b), demote(b, a)]);
    const codes = results.map((r) => r.statusCode).sort();
    // One demotion wins; the other finds the last super-admin (409), or arrives after its own
    // demotion ended its token (401).
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const survivor = results[0]!.statusCode === 200 ? a : b;
    const list = await solo.inject({
      url: '/api/users/site-users',
      headers: bearer(survivor.token),
    });
    const supers = list.json().filter((u: { role: string }) => u.role === 'super-admin');
    expect(supers).toHaveLength(1);
  });

  it('co-ordinators and clients cannot manage site users', async () => {
    const client = await createUser(app);
    for (const token of [coordinator.token, client.token]) {
      expect(
        (await app.inject({ url: '/api/users/site-users', headers: bearer(token) })).statusCode,
      ).toBe(403);
    }
  });

  it('sends a reset link by email', async () => {
    const target = await createUser(app, { password: TEST_PASSWORD });
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/site-users/${target.user.id}/reset-password`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain(target.user.email);
  });

  it("sends a super-admin's reset link only for a super-admin; an admin gets 403 and no mail", async () => {
    const target = await createUser(app, { role: 'super-admin', password: TEST_PASSWORD });
    // Mail queued by earlier tests goes out first, so only this test's is counted.
    await app.jobRunner.runDueJobs();
    const sentTo: string[] = [];
    const send = app.mailer.send.bind(app.mailer);
    app.mailer.send = async (message) => {
      sentTo.push(message.to);
      return send(message);
    };
    const tokens = async () =>
      (
        await app.database.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, target.user.id))
      ).length;
    const reset = (token: string) =>
      app.inject({
        method: 'POST',
        url: `/api/users/site-users/${target.user.id}/reset-password`,
        headers: bearer(token),
      });
    try {
      const refused = await reset(admin.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'forbidden',
        message: 'Only a super-admin can manage super-admin accounts',
      });
      expect(sentTo).toEqual([]);
      expect(await tokens()).toBe(0);

      await app.jobRunner.runDueJobs();
      expect(sentTo).toEqual([]);

      const sent = await reset(superAdmin.token);
      expect(sent.statusCode).toBe(202);
      await app.jobRunner.runDueJobs();
      expect(sentTo).toEqual([target.user.email]);
      expect(await tokens()).toBe(1);
    } finally {
      app.mailer.send = send;
    }
  });
});
