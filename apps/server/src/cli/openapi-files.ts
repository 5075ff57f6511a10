import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** The document the app serves at /api/docs/json, from the repository's root. */
export const OPENAPI_FILE = 'docs/openapi.json';
/** Its TypeScript types (openapi-typescript), which the typed-client test calls the API with. */
export const OPENAPI_TYPES_FILE = 'apps/server/src/test/openapi-types.ts';

export function openApiText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** What openapi-typescript generates from the document, as written to OPENAPI_TYPES_FILE. */
export async function openApiTypesText(documentText: string): Promise<string> {
  // A copy: openapi-typescript may change the object it is given.
  return astToString(await openapiTS(JSON.parse(documentText) as OpenAPI3));
}
