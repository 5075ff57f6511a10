import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AppModule, RepositoryFactories } from './app-module.ts';
import { appModules } from './modules.ts';
import { createTestApp, testRepositories } from './test/app.ts';

/**
 * A module is one entry in modules.ts (docs/architecture.md#adding-a-module): every folder under
 * modules/ has a module.ts whose modules the list names once each, and the app serves the routes
 * of the listed modules and nothing else.
 */

/** Folders whose routes another listed module registers, and why. */
const REGISTERED_BY: Record<string, string> = {
  // No module of its own: the replies it takes are posted to message threads, and messages
  // imports it, not the other way.
  'inbound-mail': 'messages',
  // Its module names its repository; the checkout registers its routes with the worker thread
  // that draws the documents, which the receipts' mail shares.
  invoices: 'payments',
};

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const listed: readonly AppModule<RepositoryFactories>[] = appModules;

const isModule = (value: unknown): value is AppModule<RepositoryFactories> =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'name') === 'string';

/** Each folder's module.ts, and the modules it exports. */
const exported = new Map<string, AppModule<RepositoryFactories>[]>();
for (const folder of folders) {
  const file = path.join(modulesDir, folder, 'module.ts');
  if (!existsSync(file)) continue;
  const values: unknown[] = Object.values(await import(pathToFileURL(file).href));
  exported.set(folder, values.filter(isModule));
}

/** The listed modules that serve a folder's routes: its own, or the one that registers it. */
function registrarsOf(folder: string) {
  const name = REGISTERED_BY[folder];
  return name ? listed.filter((m) => m.name === name) : (exported.get(folder) ?? []);
}

const { app } = await createTestApp();

describe('modules.ts', () => {
  it('names every module folder once, through the module.ts in it', () => {
    const without = folders.filter((folder) => !exported.has(folder));
    expect(without, 'a folder under modules/ without a module.ts').toEqual(['inbound-mail']);
    for (const [folder, modules] of exported) {
      expect(modules.length, `modules/${folder}/module.ts exports no module`).toBeGreaterThan(0);
      for (const module of modules) {
        const times = listed.filter((entry) => entry === module).length;
        expect(times, `${module.name} (modules/${folder}/module.ts) in modules.ts`).toBe(1);
      }
    }
    const all = [...exported.values()].flat();
    expect(listed.filter((entry) => !all.includes(entry)).map((m) => m.name)).toEqual([]);
    const names = listed.map((m) => m.name);
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      'a name used twice',
    ).toEqual([]);
    for (const [folder, name] of Object.entries(REGISTERED_BY)) {
      expect(names, `modules/${folder} is registered by ${name}`).toContain(name);
    }
  });

  it('gives the app the routes of the listed modules, and no others', async () => {
    const declared = app.declaredRoutes.filter((route) => !route.url.startsWith('/api/docs'));
    const served = new Map<AppModule<RepositoryFactories>, string[]>();
    const unowned: string[] = [];
    for (const route of declared) {
      const folder = route.source?.match(/^modules\/([^/]+)\//)?.[1];
      const registrars = folder ? registrarsOf(folder).filter((m) => m.routes) : [];
      if (registrars.length === 0) unowned.push(`${route.method} ${route.url} (${route.source})`);
      for (const module of registrars) {
        served.set(module, [...(served.get(module) ?? []), `${route.method} ${route.url}`]);
      }
    }
    // Every route comes from a folder whose listed module registers routes...
    expect(unowned).toEqual([]);
    // ...and every listed module that registers routes serves some (the API's; the sitemap and
    // robots.txt, seo's, are outside /api and so not declared).
    expect(app.hasRoute({ method: 'GET', url: '/sitemap.xml' })).toBe(true);
    const silent = listed.filter((m) => m.routes && !served.has(m)).map((m) => m.name);
    expect(silent).toEqual(['seo']);
    expect(declared.length).toBeGreaterThan(200);
  });

  it('makes the repositories the modules name, each named by one module', async () => {
    const named = listed.flatMap((m) => Object.keys(m.repositories ?? {}));
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]);
    const made = Object.keys(testRepositories(app)).filter((key) => key !== 'transaction');
    expect(made.sort()).toEqual([...named].sort());
  });
});
