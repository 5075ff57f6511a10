import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditKindActions } from '@noise/shared/audit';
import { notificationKinds } from '@noise/shared/notifications';
import { webhookEventTypes } from '@noise/shared/webhooks';
import { emailsOf, provideAll, type AppModule, type RepositoryFactories } from './app-module.ts';
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

  it('makes every module with what the modules provide, the settings in force among them', async () => {
    const ctx = app.appContext;
    // Sign-in was made after the business details gave the settings in force, not before.
    expect(ctx.auth.config).toBe(ctx.config);
    expect(Object.getOwnPropertyDescriptor(ctx.config, 'business')?.get).toBeDefined();
    expect(ctx.notifier).toBe(app.notifier);
    const { businessDetails, notifier, auth, accounts, ...own } = ctx;
    expect([businessDetails, notifier, auth, accounts].every(Boolean)).toBe(true);
    await expect(provideAll([], app, own)).rejects.toThrow(
      'No module provides businessDetails, notifier, auth, accounts',
    );
  });

  it('takes the emails from the modules that send them, each kind once', () => {
    const kinds = emailsOf(listed).map((email) => email.kind);
    expect(
      kinds.filter((kind, i) => kinds.indexOf(kind) !== i),
      'a kind named twice',
    ).toEqual([]);
    expect(kinds.length).toBeGreaterThan(25);
    for (const module of listed) {
      for (const email of module.emails ?? []) {
        expect(email.demo({ companyName: 'Shop', publicUrl: 'http://shop.test' }).subject).not.toBe(
          '',
        );
      }
    }
  });

  it('holds every webhook event, notification and audit action a module sends to its code, and each to a module', () => {
    const lists = {
      webhookEvents: webhookEventTypes,
      notifications: notificationKinds,
      auditActions: Object.values(auditKindActions).flat(),
    } as const;
    for (const [part, names] of Object.entries(lists) as [
      keyof typeof lists,
      readonly string[],
    ][]) {
      const sent = new Set(listed.flatMap((module) => module.sends?.[part] ?? []));
      expect(
        names.filter((name) => !sent.has(name)),
        `${part} of packages/shared that no module sends`,
      ).toEqual([]);
    }
    for (const module of listed) {
      const code = codeOf(module);
      const named = Object.entries(module.sends ?? {}).flatMap(([part, names]) =>
        (names as readonly string[]).map((name) => ({ part, name })),
      );
      const missing = named.filter(
        ({ name }) => !new RegExp(`['"\`]${escape(name)}['"\`]`).test(code),
      );
      expect(missing, `${module.name} declares what its code never names`).toEqual([]);
      // An audit action written out in its code is one it declares.
      const recorded = [...code.matchAll(/action: '([a-z_]+\.[a-z_.]+)'/g)].map((m) => m[1]!);
      // (by it or by the other module of its folder: payments' folder holds the cards module too)
      const declared = listed
        .filter((other) => foldersOf(other).some((folder) => foldersOf(module).includes(folder)))
        .flatMap((other) => other.sends?.auditActions ?? []);
      const undeclared = recorded.filter((name) => !declared.includes(name));
      expect(undeclared, `${module.name} records audit actions it does not declare`).toEqual([]);
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A module's folder, and the folders it registers. */
function foldersOf(module: AppModule<RepositoryFactories>): string[] {
  const own = [...exported].filter(([, modules]) => modules.includes(module)).map(([f]) => f);
  const registered = Object.entries(REGISTERED_BY)
    .filter(([, name]) => name === module.name)
    .map(([folder]) => folder);
  return [...own, ...registered];
}

/** The code (not the tests) of a module's folders. */
function codeOf(module: AppModule<RepositoryFactories>): string {
  return foldersOf(module)
    .flatMap((folder) =>
      readdirSync(path.join(modulesDir, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
        .map((file) => readFileSync(path.join(modulesDir, folder, file), 'utf8')),
    )
    .join('\n');
}
