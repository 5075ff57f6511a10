import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import direction (docs/architecture.md): checked with the project's ESLint config
 * on files that do not exist yet, so a change to the config that lets a new one through fails.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function refusedImports(file: string, from: string): Promise<number> {
  const code = `import { x } from '${from}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').length;
}

const staff = 'apps/web/src/features/staff';

describe('the staff areas', () => {
  it('never import one another', async () => {
    expect(await refusedImports(`${staff}/sales/new-file.ts`, '../customers/api/get-client')).toBe(
      1,
    );
    expect(
      await refusedImports(`${staff}/invoices/components/new.tsx`, '../../quotes/api/get-quotes'),
    ).toBe(1);
  }, 60_000);

  it('share features/staff/api and components, which import no area', async () => {
    expect(await refusedImports(`${staff}/sales/new-file.ts`, '../api/get-sales')).toBe(0);
    expect(await refusedImports(`${staff}/sales/new-file.ts`, '../components/page-header')).toBe(0);
    expect(await refusedImports(`${staff}/api/new-file.ts`, '../sales/api/get-sale-payments')).toBe(
      1,
    );
    expect(await refusedImports(`${staff}/components/new.tsx`, '../quotes/api/get-quotes')).toBe(1);
  }, 60_000);

  it('are mounted by the staff shell, which may import any of them', async () => {
    expect(await refusedImports(`${staff}/routes/new.tsx`, '../sales/routes/sales-list')).toBe(0);
  }, 60_000);
});

describe('the features', () => {
  it('never import another feature', async () => {
    expect(
      await refusedImports('apps/web/src/features/customer/new.ts', '../staff/api/get-sales'),
    ).toBe(1);
  }, 60_000);
});

describe('the shared components', () => {
  it('keep the design system apart from the widgets that talk to the API', async () => {
    const components = 'apps/web/src/components';
    expect(await refusedImports(`${components}/ui/new.tsx`, '../messages/message-thread')).toBe(1);
    expect(await refusedImports(`${components}/files/new.tsx`, '../messages/message-thread')).toBe(
      1,
    );
    expect(await refusedImports(`${components}/files/new.tsx`, '../ui/button')).toBe(0);
    expect(await refusedImports(`${components}/files/new.tsx`, './file-library')).toBe(0);
  }, 60_000);
});
