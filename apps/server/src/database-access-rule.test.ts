import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * One way to the database (docs/architecture.md, docs/decisions/076): only repositories, db/ and the test
 * set-up import drizzle-orm or the schema. The ESLint rule that keeps it is checked here on files
 * that do not exist yet, so a change to the config that lets a new one through fails.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

const SQL_IMPORT = `import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema.ts';\nexport const byId = (id: string) => eq(users.id, id);\n`;
/** The same through one module's file of the schema (db/schema/<area>.ts) instead of the index. */
const AREA_IMPORT = `import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema/users.ts';\nexport const byId = (id: string) => eq(users.id, id);\n`;

async function restrictedImports(file: string, text = SQL_IMPORT): Promise<number> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('the database access rule', () => {
  it('refuses drizzle-orm and the schema in a new module file or test', async () => {
    expect(await restrictedImports('apps/server/src/modules/users/new-helper.ts')).toBe(2);
    expect(await restrictedImports('apps/server/src/modules/users/new-helper.test.ts')).toBe(2);
    expect(
      await restrictedImports('apps/server/src/modules/users/new-helper.ts', AREA_IMPORT),
    ).toBe(2);
  }, 60_000);

  it('lets a repository import them', async () => {
    expect(await restrictedImports('apps/server/src/modules/users/new-repository.ts')).toBe(0);
    expect(
      await restrictedImports('apps/server/src/modules/users/new-repository.ts', AREA_IMPORT),
    ).toBe(0);
  }, 60_000);
});
