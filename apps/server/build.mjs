// Bundles the server (and the shared package it imports) into dist/main.js. npm packages stay
// external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    main: 'src/main.ts',
    'admin-create': 'src/cli/admin-create.ts',
    // The invoice worker thread's script (modules/invoices/render-pool.ts).
    'invoice-worker': 'src/modules/invoices/invoice-worker.ts',
    // The email worker thread's script (lib/email-render-pool.ts).
    'email-worker': 'src/lib/email-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
