import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createUserRepository } from '../modules/users/repository.ts';
import { ensureAdmin, printReady } from './ensure-admin.ts';

const { app, config } = await createTestApp();
const users = createUserRepository(app.database.db);

afterEach(() => vi.restoreAllMocks());

describe('ensureAdmin on an empty database', () => {
  it('prints one working password when several processes start at once', async () => {
    // Several server processes starting together on a fresh PostgreSQL, as separate processes do.
    const notices = await Promise.all(
      Array.from({ length: 3 }, () =>
        ensureAdmin({
          config: { ...config, adminEmail: undefined, adminPassword: undefined },
          users,
          log: app.log,
        }),
      ),
    );
    const printed = notices.filter(Boolean).join('\n');
    const passwords = [...printed.matchAll(/password: (\S+)/g)].map((m) => m[1]!);
    expect(passwords).toHaveLength(1);
    const admin = await users.findByEmail('admin@example.com');
    expect(admin?.role).toBe('super-admin');
    expect(await verifyPassword(admin!.passwordHash, passwords[0]!)).toBe(true);
    expect(await users.countByRole('super-admin')).toBe(1);
  });
});

describe('printReady', () => {
  it('ends the start with the address to open, then the staff sign-in made on this start', () => {
    let printed = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    printReady('http://localhost:3000', 'Staff sign-in created (shown once):\n');
    printReady('http://localhost:3100', undefined);
    vi.restoreAllMocks();
    expect(printed).toBe(
      '\nMake Noise is running: open http://localhost:3000\n\nStaff sign-in created (shown once):\n\n' +
        '\nMake Noise is running: open http://localhost:3100\n\n',
    );
  });
});
