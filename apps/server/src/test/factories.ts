import type { FastifyInstance } from 'fastify';
import type { Role } from '@noise/shared/roles';
import { hashPassword } from '../lib/passwords.ts';
import { newId } from '../lib/ids.ts';
import { createUserRepository, type UserRow } from '../modules/users/repository.ts';

export const TEST_PASSWORD = 'correct horse battery';

/** Creates a user directly in the database and returns it with a signed-in token. */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    role?: Role;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<{ user: UserRow; token: string; password: string }> {
  const users = createUserRepository(app.database.db);
  const password = overrides.password ?? TEST_PASSWORD;
  const role = overrides.role ?? 'client';
  const user = await users.insertIfEmailFree({
    email: overrides.email ?? `${role}-${newId(8)}@example.com`,
    passwordHash: await hashPassword(password),
    role,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? role,
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
