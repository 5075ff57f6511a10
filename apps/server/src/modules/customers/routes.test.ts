import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { createUserRepository } from '../users/repository.ts';

const { app } = await createTestApp();
// An admin sees every customer; a co-ordinator's own are in security/coordinator-scope.test.ts.
const staff = await createUser(app, { role: 'admin', firstName: 'Casey', lastName: 'Admin' });
const users = createUserRepository(app.database.db);

async function client(firstName: string, lastName: string, contactNumber: string) {
  const made = await createUser(app, { firstName, lastName });
  await users.update(made.user.id, { contactNumber });
  return made;
}
const jane = await client('Jane', 'Citizen', '0412345678');
const bob = await client('Bob', 'Builder', '0298765432');
await client('Percent', '100%_off', '0733334444');

const search = (q: string) =>
  app.inject({
    url: `/api/users/clients?q=${encodeURIComponent(q)}`,
    headers: bearer(staff.token),
  });
const names = (res: Awaited<ReturnType<typeof search>>) =>
  res.json().map((u: { profile: { firstName: string } }) => u.profile.firstName);

describe('customers', () => {
  it('searches case-insensitively on first and last name, or on phone digits', async () => {
    expect(names(await search('jane cit'))).toEqual(['Jane']);
    expect(names(await search('BUILDER'))).toEqual(['Bob']);
    expect(names(await search('9876'))).toEqual(['Bob']);
    expect(names(await search('0412 345'))).toEqual(['Jane']);
    expect(names(await search('100%_'))).toEqual(['Percent']);
    expect(names(await search('%'))).toEqual(['Percent']);
    expect((await search('')).json().length).toBeGreaterThanOrEqual(3);
    // Staff are not customers.
    expect(names(await search('casey'))).toEqual([]);
  });

  it('gets and updates a customer, and refuses a staff id as a customer', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/users/clients/${jane.user.id}`,
      headers: bearer(staff.token),
      payload: {
        profile: {
          firstName: 'Janet',
          lastName: 'Citizen',
          companyName: 'Citizen Co',
          contactNumber: '0412000000',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ firstName: 'Janet', companyName: 'Citizen Co' });
    const asCustomer = await app.inject({
      url: `/api/users/clients/${staff.user.id}`,
      headers: bearer(staff.token),
    });
    expect(asCustomer.statusCode).toBe(404);
  });

  it('refuses a contact number nobody can call, and changes nothing', async () => {
    const update = (contactNumber: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/users/clients/${bob.user.id}`,
        headers: bearer(staff.token),
        payload: {
          profile: { firstName: 'Robert', lastName: 'Builder', companyName: '', contactNumber },
        },
      });
    const refused = await update('12345');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please enter a valid Australian phone number');
    expect((await users.findById(bob.user.id))!.firstName).toBe('Bob');
    expect((await update('')).statusCode).toBe(200);
    const saved = await update('(02) 9876 5432');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.contactNumber).toBe('0298765432');
  });

  it('adds notes with the author name, newest first, and logs them', async () => {
    for (const note of ['First call went well', 'Sent the proposal']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/users/clients/${bob.user.id}/notes`,
        headers: bearer(staff.token),
        payload: { note },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ note, adminName: 'Casey Admin' });
    }
    const list = await app.inject({
      url: `/api/users/clients/${bob.user.id}/notes`,
      headers: bearer(staff.token),
    });
    expect(list.json().map((n: { note: string }) => n.note)).toEqual([
      'Sent the proposal',
      'First call went well',
    ]);
    const empty = await app.inject({
      method: 'POST',
      url: `/api/users/clients/${bob.user.id}/notes`,
      headers: bearer(staff.token),
      payload: { note: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const audit = await app.inject({
      url: `/api/users/clients/${bob.user.id}/audit`,
      headers: bearer(staff.token),
    });
    expect(audit.json()).toHaveLength(2);
    expect(audit.json()[0]).toMatchObject({ actorName: 'Casey Admin', action: 'note.added' });
  });

  it('parallel notes all survive', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/users/clients/${jane.user.id}/notes`,
          headers: bearer(staff.token),
          payload: { note: `parallel ${i}` },
        }),
      ),
    );
    const list = await app.inject({
      url: `/api/users/clients/${jane.user.id}/notes`,
      headers: bearer(staff.token),
    });
    expect(list.json()).toHaveLength(10);
  });

  it('a client cannot read customers', async () => {
    expect(
      (await app.inject({ url: `/api/users/clients/${bob.user.id}`, headers: bearer(jane.token) }))
        .statusCode,
    ).toBe(403);
  });
});
