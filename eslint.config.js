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

// The shared widgets: each folder of components/ but ui/ is one part several features show that
// talks to the API (the message thread, the file library, the plan dialogs); ui/ is the design
// system, which talks to nothing.
const widgets = readdirSync(path.join(root, web, 'components'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'ui')
  .map((entry) => entry.name);

// The staff area's own folders: what every staff screen shares (api/, components/) and the
// shell that mounts the screens (routes/). Every other folder is one area of the staff app.
const staffShared = ['api', 'components', 'routes'];
const staffAreas = readdirSync(path.join(root, web, 'features/staff'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !staffShared.includes(entry.name))
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
  // Staff: features/staff/{api,components}/ -> features/staff/<area>/ -> features/staff/routes/.
  ...staffAreas.map((area) => ({
    target: `${web}/features/staff/${area}`,
    from: `${web}/features/staff`,
    except: [
      `./${area}`,
      ...staffShared.filter((folder) => folder !== 'routes').map((f) => `./${f}`),
    ],
    message:
      'A staff area never imports another: move what both need to features/staff/api/ or features/staff/components/.',
  })),
  {
    target: [`${web}/features/staff/api`, `${web}/features/staff/components`],
    from: `${web}/features/staff`,
    except: ['./api', './components'],
    message:
      'features/staff/api/ and components/ are shared by every staff area and never import one.',
  },
  {
    // Every folder beside app/. main.tsx, the entry that mounts the app, is the one file outside
    // app/ that may import it.
    target: `${web}/!(app)/**/*`,
    from: `${web}/app`,
    message: 'Only app/ (and main.tsx) imports app/: move what is needed to lib/ or components/.',
  },
  // Web: components/ui/ (the design system) -> components/<widget>/ -> features.
  {
    target: `${web}/components/ui`,
    from: `${web}/components`,
    except: ['./ui'],
    message: 'components/ui/ is the design system: it never imports a widget of components/.',
  },
  ...widgets.map((widget) => ({
    target: `${web}/components/${widget}`,
    from: `${web}/components`,
    except: [`./${widget}`, './ui'],
    message:
      'A widget of components/ never imports another: move what both need to components/ui/ or lib/.',
  })),
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

/**
 * Tests that read or arrange rows directly, older than the rule: none may be added (a new test
 * arranges its rows through the API or a repository).
 */
const drizzleStillOutsideRepositories = [
  'modules/audit/routes.test.ts',
  'modules/auth/password-reset.test.ts',
  'modules/auth/two-factor.test.ts',
  'modules/catalogue/manage-service.test.ts',
  'modules/catalogue/recently-viewed.test.ts',
  'modules/catalogue/search-index.test.ts',
  'modules/inbound-mail/inbound-mail.test.ts',
  'modules/invoices/invoice.test.ts',
  'modules/messages/deliverables.test.ts',
  'modules/messages/routes.test.ts',
  'modules/my-work/daily-summary.test.ts',
  'modules/my-work/my-work.test.ts',
  'modules/notifications/routes.test.ts',
  'modules/oauth/oauth.test.ts',
  'modules/overview/overview.test.ts',
  'modules/payments/abandoned-bank-checks.test.ts',
  'modules/payments/assign-coordinator.test.ts',
  'modules/payments/handle-payment.test.ts',
  'modules/payments/renewals.test.ts',
  'modules/payments/stripe.test.ts',
  'modules/projects/customer-list.test.ts',
  'modules/projects/due-date.test.ts',
  'modules/projects/intake.test.ts',
  'modules/projects/routes.test.ts',
  'modules/quotes/routes.test.ts',
  'modules/reports/rollups.test.ts',
  'modules/reports/routes.test.ts',
  'modules/site-users/routes.test.ts',
  'security/bad-input.test.ts',
  'security/coordinator-scope.test.ts',
  'security/faults-payment-timeout.test.ts',
  'security/faults-s3.test.ts',
  'security/faults-smtp.test.ts',
  'security/money-and-concurrency.test.ts',
  'security/ownership.test.ts',
  'security/quote-notes.test.ts',
  'security/rate-limits.test.ts',
  'seed/seed-demo.test.ts',
];

export default tseslint.config(
  // tools/ is installed on first use (scripts/lib/tools.mjs): its imports do not resolve before.
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.data*/**', 'tools/**'] },
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
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
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
      // Cycles between files are oxlint's `import/no-cycle` (`npm run lint` runs it after
      // ESLint): the same verdicts on a cycle through the `@/` alias and on type-only imports,
      // in 2 s where this plugin's rule took 18 s of ESLint's 65 (docs/testing.md).
      // An import the resolver cannot follow would pass the rule above, and the cycle check,
      // unchecked.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // One way to the database (docs/architecture.md): only repositories, db/ and the test set-up build SQL.
    // The files listed below still do, and are to move into their repositories; a new file that
    // imports drizzle-orm or the schema fails here.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/repository.ts',
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      ...drizzleStillOutsideRepositories.map((file) => `apps/server/src/${file}`),
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '**/db/schema.ts',
                '**/db/schema',
                '**/db/schema/*',
              ],
              message:
                'SQL lives in repositories: add a function to the repository that owns the table (or import its type from there).',
            },
          ],
        },
      ],
    },
  },
  {
    // The staff and customer areas check every answer with its shared schema (decision 071):
    // `check: checkWith(schema)`, or `apiRequest<void>` for a 204. The public pages do not (zod
    // stays off their first load), nor does the customer dashboard, which draws without zod.
    files: [
      `${web}/features/staff/**/*.{ts,tsx}`,
      `${web}/features/customer/**/*.{ts,tsx}`,
      `${web}/components/messages/**/*.{ts,tsx}`,
      `${web}/components/notifications/**/*.{ts,tsx}`,
      `${web}/components/two-factor/**/*.{ts,tsx}`,
    ],
    ignores: ['**/*.test.{ts,tsx}', `${web}/features/customer/api/get-recently-viewed.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/api-client',
              importNames: ['api'],
              message: 'Call apiRequest with check: checkWith(schema) (decision 071).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(apiRequest|apiRequestWithHeaders|uploadForm)$/]' +
            ':not(:has(Property[key.name="check"])):not(:has(TSVoidKeyword))',
          message:
            'Check the answer: check: checkWith(schema), or apiRequest<void> for a 204 (decision 071).',
        },
      ],
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
