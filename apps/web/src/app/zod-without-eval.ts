/**
 * The site's CSP has no 'unsafe-eval'. Zod compiles fast object parsers with `new Function` when it
 * may, and finds out by trying: under our CSP that try is a reported violation on every page with a
 * form. Tell it up front not to (its `z.config({ jitless: true })`, without loading zod here: the
 * setting lives on globalThis and zod reads it when a schema is made). Imported first by main.tsx.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
