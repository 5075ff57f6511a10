import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createUserRepository } from '../modules/users/repository.ts';
import { ensureAdmin } from './ensure-admin.ts';

const { app, config } = await createTestApp();
const users = createUserRepository(app.database.db);

afterEach(() => vi.restoreAllMocks());

describe('ensureAdmin on an empty database', () => {
  it('prints one working password when several processes start at once', async () => {
    let printed = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    // Several server processes starting together on a fresh PostgreSQL, as separate processes do.
    await Promise.all(
      Array.from({ length: 3 }, () =>
        ensureAdmin({
          config: { ...config, adminEmail: undefined, adminPassword: undefined },
          users,
          log: app.log,
        }),
      ),
    );
    vi.restoreAllMocks();

    const passwords = [...printed.matchAll(/password: (\S+)/g)].map((m) => m[1]!);
    expect(passwords).toHaveLength(1);
    const admin = await users.findByEmail('admin@example.com');
    expect(admin?.role).toBe('super-admin');
    expect(await verifyPassword(admin!.passwordHash, passwords[0]!)).toBe(true);
    expect(await users.countByRole('super-admin')).toBe(1);
  });
});
