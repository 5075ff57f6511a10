import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { ROUTE_INDEX_FILE, routeIndexText } from './route-index-text.ts';

it(`${ROUTE_INDEX_FILE} lists the routes the app registers (npm run routes writes it)`, async () => {
  const { app } = await createTestApp();
  const file = fileURLToPath(new URL(`../../../../${ROUTE_INDEX_FILE}`, import.meta.url));
  const current = readFileSync(file, 'utf8');
  expect(current, `${ROUTE_INDEX_FILE} is stale: run \`npm run routes\` and commit it`).toBe(
    routeIndexText(app.declaredRoutes),
  );
});
