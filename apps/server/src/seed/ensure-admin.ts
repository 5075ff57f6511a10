import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { UserRepository } from '../modules/users/repository.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Makes sure someone can sign in to the staff dashboard.
 * - ADMIN_EMAIL and ADMIN_PASSWORD given: that account exists and is a super-admin. An existing
 *   account keeps its password (an operator who changed it in the app is not reset at restart).
 * - Neither given and no super-admin yet (first start): one is created with a generated password.
 *   Answers the notice that shows it, for the terminal once the server answers (printReady),
 *   never through the logger.
 */
export async function ensureAdmin(deps: {
  config: Config;
  users: UserRepository;
  log: FastifyBaseLogger;
}): Promise<string | undefined> {
  const { config, users, log } = deps;
  if (config.adminEmail && config.adminPassword) {
    const result = await upsertSuperAdmin(users, config.adminEmail, config.adminPassword);
    log.info(
      { userId: result.user.id, created: result.created },
      'super-admin ensured from ADMIN_EMAIL',
    );
    return undefined;
  }
  if ((await users.countByRole('super-admin')) > 0) return undefined;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = randomBytes(12).toString('base64url');
  const result = await upsertSuperAdmin(users, email, password);
  if (!result.created) {
    // Another process starting at the same moment created it (and printed its password), or the
    // account existed and kept its own password: this password was never stored, so never shown.
    log.info({ userId: result.user.id, email }, 'super-admin exists; its password is unchanged');
    return undefined;
  }
  const line = '-'.repeat(64);
  return (
    `${line}\nStaff sign-in created (shown once):\n  ${config.publicUrl}/wkm-login\n` +
    `  email:    ${email}\n  password: ${password}\n` +
    `Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n${line}\n`
  );
}

/**
 * What a person reads once the server answers: where to open it, then the staff sign-in made on
 * this start (if one was), last, so it is not lost among the log lines.
 */
export function printReady(publicUrl: string, adminNotice: string | undefined) {
  process.stdout.write(
    `\nMake Noise is running: open ${publicUrl}\n${adminNotice ? `\n${adminNotice}` : ''}\n`,
  );
}

export async function upsertSuperAdmin(users: UserRepository, email: string, password: string) {
  const existing = await users.findByEmail(email);
  if (existing) {
    const user =
      existing.role === 'super-admin' && existing.passwordHash
        ? existing
        : await users.update(existing.id, {
            role: 'super-admin',
            passwordHash: existing.passwordHash ?? (await hashPassword(password)),
            tokenVersion: existing.tokenVersion + 1,
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          });
    return { user: user!, created: false };
  }
  const user = await users.insertIfEmailFree({
    email,
    passwordHash: await hashPassword(password),
    role: 'super-admin',
    // Whoever runs the server vouches for the address (decision 088).
    emailVerifiedAt: new Date(),
    firstName: 'Site',
    lastName: 'Admin',
    displayName: 'Site Admin',
  });
  if (!user) return upsertSuperAdmin(users, email, password);
  return { user, created: true };
}
