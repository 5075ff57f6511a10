import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTE_INDEX_FILE, routeIndexText } from './route-index-text.ts';
import { withOfflineApp } from './offline-app.ts';

/**
 * Writes docs/routes.md from the routes the app really registers (`npm run routes`). The unit
 * tests fail when it is stale (route-index.test.ts).
 */
const target = fileURLToPath(new URL(`../../../../${ROUTE_INDEX_FILE}`, import.meta.url));
const text = await withOfflineApp((app) => routeIndexText(app.declaredRoutes));

writeFileSync(target, text);
console.log(
  `Wrote ${ROUTE_INDEX_FILE}: ${text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Method')).length} routes.`,
);
