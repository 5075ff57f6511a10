import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const server = 'apps/server/src';
const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The import direction, as README.md's layout section states it. Each zone forbids files under
// `target` to import files under `from`.
const layerZones = [
  // Web: shared pieces (components/, lib/, hooks/, @noise/shared) -> features/<name>/ -> app/.
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to components/ or lib/.',
  })),
  {
    // Every folder beside app/. main.tsx, the entry that mounts the app, is the one file outside
    // app/ that may import it.
    target: `${web}/!(app)/**/*`,
    from: `${web}/app`,
    message: 'Only app/ (and main.tsx) imports app/: move what is needed to lib/ or components/.',
  },
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/hooks`],
    from: `${web}/features`,
    message: 'components/, lib/ and hooks/ are shared by every feature and never import one.',
  },
  // Server: modules/ may import lib/, plugins/, db/ and each other; never the other way.
  {
    target: [`${server}/lib`, `${server}/plugins`, `${server}/db`],
    from: `${server}/modules`,
    message: 'lib/, plugins/ and db/ never import modules/: move the piece to lib/ or pass it in.',
  },
  // The shared package and the two apps stand apart.
  {
    target: 'packages/shared',
    from: 'apps',
    message: '@noise/shared is imported by the apps and never imports them.',
  },
  { target: 'apps/web', from: 'apps/server', message: 'The web app never imports server code.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports web code.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.data*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports by parsing the imported files: TypeScript ones too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the web app's `@/` alias and the workspace packages as TypeScript does.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/shared', 'apps/server', 'apps/web', 'e2e'].map((dir) =>
            path.join(root, dir, 'tsconfig.json'),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // An import the resolver cannot follow would pass the two rules above unchecked.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': [
        'warn',
        // A route module may export `prefetch`: what it needs, asked for before it renders.
        { allowConstantExport: true, allowExportNames: ['prefetch'] },
      ],
    },
  },
);
