import type { FastifyInstance } from 'fastify';
import type { CompanyRole } from '@noise/shared/company';
import type { Role } from '@noise/shared/roles';
import { hash } from '@node-rs/argon2';
import { newId } from '../lib/ids.ts';
import { createCompanyRepository } from '../modules/companies/repository.ts';
import { createUserRepository, type UserRow } from '../modules/users/repository.ts';

export const TEST_PASSWORD = 'correct horse battery';

const cheapHashes = new Map<string, Promise<string>>();

/**
 * An argon2id hash of `password` made with the least work argon2 allows, once per password. A
 * sign-in checks a stored hash with the parameters written in it, so a factory's user signs in
 * in a fraction of a millisecond instead of the 20 ms the real ones cost (lib/passwords.ts).
 * Accounts made through the API are hashed as in production.
 */
function cheapHash(password: string): Promise<string> {
  let hashed = cheapHashes.get(password);
  if (!hashed) {
    hashed = hash(password, { memoryCost: 8, timeCost: 1, parallelism: 1 });
    cheapHashes.set(password, hashed);
  }
  return hashed;
}

/**
 * Creates a user directly in the database and returns it with a signed-in token. Their address
 * is proven, as an established account's is, unless `emailVerified: false` (decision 088).
 */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    role?: Role;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    emailVerified?: boolean;
  } = {},
): Promise<{ user: UserRow; token: string; password: string }> {
  const users = createUserRepository(app.database.db);
  const password = overrides.password ?? TEST_PASSWORD;
  const role = overrides.role ?? 'client';
  const user = await users.insertIfEmailFree({
    email: overrides.email ?? `${role}-${newId(8)}@example.com`,
    passwordHash: await cheapHash(password),
    role,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? role,
    emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
  });
  if (!user) throw new Error('email taken');
  const url = role === 'client' ? '/api/auth/login' : '/api/auth/admin-login';
  const payload =
    role === 'client' ? { username: user.email, password } : { email: user.email, password };
  const res = await app.inject({ method: 'POST', url, payload });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { user, token: res.json<{ token: string }>().token, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A new customer in `owner`'s company with `role` (docs/product.md#client-companies), joined the
 * way an accepted invitation joins them.
 */
export async function createTeammate(
  app: FastifyInstance,
  owner: { id: string },
  role: CompanyRole,
  overrides: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<{ user: UserRow; token: string; password: string; companyId: string }> {
  const companies = createCompanyRepository(app.database.db);
  const company = await companies.membershipOf(owner.id);
  if (!company) throw new Error('the owner has no company');
  const created = await createUser(app, { ...overrides, lastName: overrides.lastName ?? role });
  const invitation = await companies.insertInvitation({
    companyId: company.companyId,
    email: created.user.email,
    role,
    tokenHash: newId(24),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const own = await companies.membershipOf(created.user.id);
  await companies.join(invitation, created.user.id, own?.companyId ?? null);
  return { ...created, companyId: company.companyId };
}
