import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Writes .br (quality 11) and .gz (zopfli: valid gzip, about 3% smaller than level 9) beside
 * every text asset of the build, once, so the server sends the smallest files without
 * compressing on each request (@fastify/static preCompressed). docs/decisions/005-compression.md.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? root;
      const files = Object.keys(bundle)
        .filter((name) => /^assets\/.*\.(js|mjs|css|svg|json)$/.test(name))
        .map((name) => path.join(outDir, name));
      await Promise.all(
        files.map(async (file) => {
          const body = readFileSync(file);
          if (body.length < 1024) return;
          // Zopfli takes seconds on the largest files (the PDF worker): those get level 9.
          const gzip =
            body.length <= 400_000
              ? await gzipAsync(body, { numiterations: 15 })
              : gzipSync(body, { level: 9 });
          writeFileSync(`${file}.gz`, gzip);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
        }),
      );
    },
  };
}

/**
 * React Router ships one build, with what only React's developer tools read: the top-level
 * `X.displayName = '…'` lines of its components and contexts. Those assignments, and its
 * `forwardRef`, `memo` and `createContext` calls written without a pure annotation, keep every
 * component of the library in the bundle whether the app uses it or not (`Form`, `useSubmit`
 * and the form-submission helpers, the data routers' memoised routes). Dropped here, the bundler
 * removes what the app never imports.
 *
 * `<Link prefetch>` draws `PrefetchPageLinks` (with its route-module and RSC loaders) only inside
 * the framework's `<HydratedRouter>`: under the app's `BrowserRouter` it never renders (its hook
 * answers 'no prefetch' without the framework's context), yet every `Link` names it. Named `null`
 * instead, 1.1 KB of it leaves every page. If a new version words either differently, the build
 * says so and the library is left as it is.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: {
        id: /react-router[\\/]dist[\\/](development|production)[\\/]chunk-[A-Z0-9]+\.mjs$/,
      },
      handler(code) {
        const prefetchLinks = /React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/g;
        if (code.includes('var Link = ') && code.match(prefetchLinks)?.length !== 1) {
          this.warn('React Router changed: its Link no longer draws PrefetchPageLinks as expected');
        }
        const shaken = code
          .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1')
          .replace(prefetchLinks, 'null');
        // Lines stay where they were: the library's source map still holds.
        return { code: shaken, map: null };
      },
    },
  };
}

/**
 * lucide-react's icons drawn by the app's own factory (src/components/ui/lucide-icon.ts): each
 * icon module imports `../createLucideIcon.mjs`, which resolves there instead. The same `<svg>`,
 * from 0.7 KB of script instead of 1.5 KB on every page's first load. Both builds use it, so what
 * the server draws and what the browser hydrates come from the same code.
 */
function leanLucideIcons(): Plugin {
  const factory = path.resolve(root, 'src/components/ui/lucide-icon.ts');
  return {
    name: 'lean-lucide-icons',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^\.\.\/createLucideIcon\.mjs$/ },
      handler(_source, importer) {
        return importer && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
          ? factory
          : null;
      },
    },
  };
}

/**
 * `vite build --ssr src/entry-server.tsx` (the build script's second step) makes the module the
 * server draws the public pages with (plugins/landing-pages.ts), in dist/.ssr beside the app it
 * must match; the server never sends that folder to a browser. Its lazy parts stay chunks, loaded
 * when a page first needs them.
 */
const serverBuild: UserConfig = {
  plugins: [react(), tailwindcss(), leanLucideIcons()],
  resolve: { alias: { '@': path.resolve(root, 'src') } },
  publicDir: false,
  // Whole, React included: it runs wherever the built app is copied, whatever node_modules are near.
  ssr: { noExternal: true },
  // React's production build, whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: 'dist/.ssr', emptyOutDir: true, sourcemap: false },
};

const clientBuild: UserConfig = {
  plugins: [
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    leanLucideIcons(),
    precompressAssets(),
  ],
  resolve: {
    alias: { '@': path.resolve(root, 'src') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload a landing page's own chunks (plugins/web-app.ts).
    manifest: true,
    // Every browser the site supports knows modulepreload: the polyfill would be dead weight.
    // The entry names, for each lazy chunk, the chunks it needs, to fetch them side by side; the
    // staff's and the customer's areas are left out of that map, which every visitor downloads
    // (1 KB of it): opened straight, the server preloads their chunks (plugins/landing-pages.ts);
    // reached from a public page, they fetch theirs as they import them.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, dependencies) =>
        /^assets\/(staff-app|staff-guard|customer-area)-/.test(filename) ? [] : dependencies,
    },
    rollupOptions: {
      output: {
        // Every lazy chunk's name is listed in the entry's preload map, which every page loads:
        // seven characters of hash instead of eight. The bundler refuses a hash too short for the
        // number of files, with a clear message: raise it then.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // Small modules that the entry and the public pages share: one file, not a dozen
            // of a kilobyte each (each is a request and, on a phone, a round trip).
            {
              name: 'public-common',
              test: /src[\\/](lib[\\/](format|use-page-meta)|features[\\/]storefront[\\/]components[\\/](breadcrumb|external-link))\.|shared[\\/]src[\\/](pricing|images|intervals|request-words|format-day)\.|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|arrow-right|arrow-down|arrow-up-right|chevron-right|external-link|plus|play|check|house)\./,
            },
            // The API client and the part of React Query that runs queries: every page loads
            // them, as one file. Without the group, a lazy chunk that reaches only part of it
            // (the order panel's discount code field mutates, it never queries) splits it in two,
            // about 0.7 KB more gzip on every page's first load.
            {
              name: 'api-client',
              test: /src[\\/]lib[\\/](api-client|auth-token)\.|@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](QueryClientProvider|timeoutManager|utils|environmentManager|subscribable|focusManager|notifyManager|onlineManager|retryer|removable|query|infiniteQueryBehavior|queryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery)\./,
            },
            // What the payment page shares with the order panel's 'Add a discount code' (loaded
            // when it is pressed): the code field and its check join the discount schemas (the
            // staff's discount screens then load 1.3 KB more), the pricing with a code stays with
            // the payment requests. Left to the bundler, they make two more chunks, each named in
            // the entry's preload map, which the service page loads at its budget.
            {
              name: 'discounts',
              test: /src[\\/]components[\\/]discounts[\\/]|shared[\\/]src[\\/]discounts\./,
            },
            {
              name: 'payments',
              test: /shared[\\/]src[\\/](payments|discount-pricing)\./,
            },
            // The service page's own parts, one file instead of several small ones. The FAQ's
            // Disclosure has a file of its own (ui/disclosure.tsx): the accordion beside it would
            // bring this chunk to the customer's dashboard and weigh on the service page.
            {
              name: 'service-page',
              test: /src[\\/](structured-data|features[\\/]storefront[\\/](routes[\\/]service|api[\\/]record-recently-viewed)|components[\\/](service[\\/](package-tabs|media-gallery|initial-investment)|ui[\\/](tabs|disclosure)))\./,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/healthz': apiTarget,
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : clientBuild));
