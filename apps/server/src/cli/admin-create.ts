import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createUserRepository } from '../modules/users/repository.ts';
import { upsertSuperAdmin } from '../seed/ensure-admin.ts';

/** npm run admin:create -- --email E --password P : creates a super-admin, or promotes and resets one. */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email || !values.password || values.password.length < 8) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com --password "at least 8 characters"',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  const users = createUserRepository(database.db);
  const { user, created } = await upsertSuperAdmin(
    users,
    values.email.toLowerCase(),
    values.password,
  );
  if (!created) {
    await users.update(user.id, {
      role: 'super-admin',
      passwordHash: await hashPassword(values.password),
      tokenVersion: user.tokenVersion + 1,
    });
  }
  console.log(`${created ? 'Created' : 'Updated'} super-admin ${values.email}`);
} finally {
  await database.close();
}
