import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withOfflineApp } from './offline-app.ts';
import {
  API_ROUTES_FILE,
  apiRoutesText,
  OPENAPI_FILE,
  OPENAPI_TYPES_FILE,
  openApiText,
  openApiTypesText,
} from './openapi-files.ts';

/**
 * Writes the OpenAPI document the app serves to docs/openapi.json and the client types
 * openapi-typescript makes of it (`npm run openapi`), from the app built in-process: no network.
 * With --check it writes nothing and fails when either file is not what the app makes now
 * (`npm run openapi:check`, which then lints the document with Redocly; docs/testing.md).
 */
const check = process.argv.includes('--check');
const fromRoot = (file: string) => fileURLToPath(new URL(`../../../../${file}`, import.meta.url));

const documentText = await withOfflineApp((app) => openApiText(app.swagger()));
const files = [
  { file: OPENAPI_FILE, text: documentText },
  { file: OPENAPI_TYPES_FILE, text: await openApiTypesText(documentText) },
  { file: API_ROUTES_FILE, text: apiRoutesText(documentText) },
];

let stale = 0;
for (const { file, text } of files) {
  if (!check) {
    writeFileSync(fromRoot(file), text);
    console.log(`Wrote ${file}`);
    continue;
  }
  let current = '';
  try {
    current = readFileSync(fromRoot(file), 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== text) {
    stale++;
    console.error(`${file} is stale: run \`npm run openapi\` and commit it.`);
  }
}
if (stale > 0) process.exit(1);
if (check) console.log(`${files.map((f) => f.file).join(', ')} are current.`);
