import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** The document the app serves at /api/docs/json, from the repository's root. */
export const OPENAPI_FILE = 'docs/openapi.json';
/** Its TypeScript types (openapi-typescript), which the typed-client test calls the API with. */
export const OPENAPI_TYPES_FILE = 'apps/server/src/test/openapi-types.ts';

/** The routes and their methods, for the web app's typed calls (packages/shared/src/api-routes.ts). */
export const API_ROUTES_FILE = 'packages/shared/src/api-routes.ts';

export function openApiText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** What openapi-typescript generates from the document, as written to OPENAPI_TYPES_FILE. */
export async function openApiTypesText(documentText: string): Promise<string> {
  // A copy: openapi-typescript may change the object it is given.
  return astToString(await openapiTS(JSON.parse(documentText) as OpenAPI3));
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every documented route with the methods it answers, as the type the web app's apiRequest and
 * uploadForm check their paths against: a call to a route that does not exist fails `tsc`.
 */
export function apiRoutesText(documentText: string): string {
  const { paths } = JSON.parse(documentText) as { paths: Record<string, Record<string, unknown>> };
  const lines = Object.keys(paths)
    .sort()
    .map((route) => {
      const methods = METHODS.filter((m) => paths[route]![m]).map((m) => `'${m.toUpperCase()}'`);
      return `  '${route}': ${methods.join(' | ')};`;
    });
  return [
    "// Made by `npm run openapi` from the app's routes (apps/server/src/cli/openapi-files.ts).",
    '// Do not edit: `npm run openapi:check` fails when it is not what the app makes.',
    '',
    '/** Each API route, its parameters written `{name}`, with the methods it answers. */',
    'export interface ApiRoutes {',
    ...lines,
    '}',
    '',
  ].join('\n');
}
