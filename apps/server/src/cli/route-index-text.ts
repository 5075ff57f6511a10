import type { DeclaredRoute } from '../plugins/auth.ts';

/** Where the route index lives, from the repository's root. */
export const ROUTE_INDEX_FILE = 'docs/routes.md';

/**
 * docs/routes.md: every API route with who may call it and the file that serves it, from the
 * routes the app really registers (route-index.ts writes it; route-index.test.ts fails when the
 * file is stale).
 */
export function routeIndexText(declared: readonly DeclaredRoute[]): string {
  const rows = [...declared]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .filter((r) => !r.url.startsWith('/api/docs'))
    .map(
      (r) =>
        `| ${r.method} | \`${r.url}\` | ${r.access}${r.upload ? ' (upload)' : ''} | ${r.source ? `\`${r.source}\`` : ''} |`,
    );
  return [
    '# API routes',
    '',
    'Every API route, who may call it and the file under `apps/server/src/` that registers it.',
    'Generated from the running app by `npm run routes`; `npm run check` fails when it is stale.',
    'Access: `public` anyone; `authenticated` any signed-in user; `client:<permission>` a customer',
    'whose company role has it (`packages/shared/src/company.ts`), for their company’s data, or staff;',
    'otherwise the staff permission (`packages/shared/src/permissions.ts`).',
    'The OpenAPI description is served at `/api/docs`.',
    '',
    '| Method | URL | Access | Served by |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
