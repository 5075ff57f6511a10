// Bundles the server (and the shared package it imports) into dist/server.js, started by
// dist/main.js. npm packages stay external and load from node_modules at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    server: 'src/main.ts',
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

// The entry. Libraries with a development build choose it from NODE_ENV when first imported,
// which in an ES module is before any line of the server runs: React drew the public pages and
// the mail in its development build (two to three times the work) whenever NODE_ENV was unset.
// A server started without NODE_ENV is a production one (src/config.ts), so the entry says so
// before the server's imports load; worker threads and cluster workers inherit it.
writeFileSync(
  new URL('./dist/main.js', import.meta.url),
  `// Built by build.mjs: the server, in production unless NODE_ENV says otherwise.
process.env.NODE_ENV ??= 'production';
await import('./server.js');
`,
);
