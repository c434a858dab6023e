import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
/** @greencart/domain exports its TypeScript source under this condition: the app and its tests use it without a build. */
const domainSource = '@greencart/source';

/**
 * React Router publishes its production build but exports only the development one (warnings and
 * checks included, about twice the size): production bundles use the production build.
 */
const reactRouterProduction = {
  'react-router/dom': fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')),
  'react-router': fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
};

const VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/;
const PAGE_ONLY_VENDOR =
  /[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|queriesObserver|useQueries|useSuspense\w*|useMutationState|useIsFetching|HydrationBoundary|hydration|usePrefetch\w*)\.js$/;

/**
 * What the catalogue's pages (home, all products, a category, a product) share beyond the shell: the
 * grid, the card and its cart control, in one file rather than ten small ones that each cost a phone a
 * round trip. None of it may be imported by the shell (index.html's download), or all of it joins that.
 */
const CATALOGUE_MODULES = [
  'frontend/src/features/products/components/',
  'frontend/src/features/products/categories.',
  'frontend/src/features/cart/components/add-to-cart-control.',
  'frontend/src/features/cart/use-cart.',
  'frontend/src/features/cart/api/update-cart.',
  'frontend/src/features/cart/api/cart-cache.',
  'frontend/src/features/cart/api/keys.',
  'frontend/src/features/cart/api/change-cart-lines.',
  'frontend/src/features/cart/api/get-cart.',
  'frontend/src/features/delivery/api/get-delivery-check.',
  'frontend/src/features/delivery/pincode-store.',
  'frontend/src/features/delivery/api/keys.',
  'frontend/src/features/chat/api/keys.',
  'domain/src/limits.',
  'frontend/src/features/auth/api/session-cache.',
  'frontend/src/components/ui/rating.',
  'frontend/src/components/ui/product-image.',
  'frontend/src/components/ui/error-notice.',
  'frontend/src/components/layout/not-found-page.',
  'frontend/src/lib/format.',
  'frontend/src/lib/product-urls.',
  'frontend/src/lib/pack-sizes.',
  'domain/src/categories.',
  'domain/src/pack-sizes.',
  'domain/src/pricing.',
  '@tanstack/query-core/build/modern/mutationObserver.',
  '@tanstack/react-query/build/modern/useMutation.',
];
/**
 * Small modules the shell shares with the pages (the API client, the session, the guest cart, the
 * products' list query): one file with the shell's own code rather than eight of a kilobyte, each a
 * request of its own before anything is drawn.
 */
const SHELL_MODULES = [
  'frontend/src/lib/api-client.',
  'frontend/src/components/ui/nav-icons.',
  'frontend/src/features/auth/api/keys.',
  'frontend/src/features/auth/api/get-session.',
  'frontend/src/features/auth/api/get-user.',
  'frontend/src/features/cart/guest-cart.',
  'frontend/src/features/cart/guest-cart-store.',
  'frontend/src/features/cart/cart-logic.',
  'frontend/src/features/products/api/keys.',
  'frontend/src/features/products/api/get-products.',
  '@tanstack/query-core/build/modern/infiniteQueryObserver.',
  '@tanstack/react-query/build/modern/useInfiniteQuery.',
  'vite/preload-helper',
];
const inShell = (id: string) => SHELL_MODULES.some((path) => id.replaceAll('\\', '/').includes(path));
const inCatalogue = (id: string) => CATALOGUE_MODULES.some((path) => id.replaceAll('\\', '/').includes(path));
/**
 * Each built script, stylesheet and picture also as `<file>.br` (brotli at its best, about a fifth
 * smaller than the gzip compressed per request): the server sends it to browsers that accept br.
 */
function brotliFiles(): Plugin {
  return {
    name: 'greencart:brotli-files',
    apply: 'build',
    writeBundle({ dir = 'dist' }, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const compressed = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
        writeFileSync(join(dir, `${file.fileName}.br`), compressed);
      }
    },
  };
}

/**
 * `.vite/first-views.json`: the scripts the catalogue's pages need beyond index.html's, for the server to
 * name in the first page's `<link rel="modulepreload">` (backend/src/products/first-view-hints.ts), so a
 * phone asks for them with the app's own code instead of after it has run.
 */
function firstViews(): Plugin {
  return {
    name: 'greencart:first-views',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (start: string[], seen = new Set<string>()) => {
        for (const name of start) {
          if (seen.has(name)) continue;
          seen.add(name);
          withImports(byName.get(name)?.imports ?? [], seen);
        }
        return seen;
      };
      const initial = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const pageOf = (source: string) => {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
        if (!page) throw new Error(`first-views: no chunk for ${source}`);
        return [...withImports([page.fileName])].filter((name) => !initial.has(name)).map((name) => `/${name}`);
      };
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-views.json',
        source: JSON.stringify({ products: pageOf('src/features/products/routes/pages.ts') }),
      });
    },
  };
}

/** The shop's primary green (index.css `--color-primary`): the installed app's title bar and icons. */
const PRIMARY = '#237a52';

/**
 * The installable app (issue 26): the web app manifest and the service worker (src/service-worker/sw.ts,
 * Workbox), which precaches the build so the shell opens offline. Registered by app/pwa.tsx after the
 * first paint, never by a script in index.html: the first download stays as it is.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    // A new version waits until every window of the old one is closed: no page ever mixes old and new code.
    registerType: 'prompt',
    injectRegister: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // The seller's area (its pages, dashboard and chart) works online only: a shopper's phone does not download it.
      globIgnores: ['**/*.br', 'assets/seller-*.js', 'assets/dashboard-*.js', 'assets/sales-chart-*.js'],
    },
    includeAssets: [],
    manifest: {
      id: '/',
      name: 'GreenCart',
      short_name: 'GreenCart',
      description: 'Fresh groceries and snacks delivered in under 30 minutes.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: PRIMARY,
      background_color: '#ffffff',
      categories: ['food', 'shopping'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      // Route paths as in app/router.tsx.
      shortcuts: [
        { name: 'Products', short_name: 'Products', url: '/products', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        { name: 'My orders', short_name: 'Orders', url: '/My-orders', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        { name: 'Cart', short_name: 'Cart', url: '/cart', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      ],
    },
  });

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), brotliFiles(), firstViews(), pwa()],
  resolve: {
    alias: [
      { find: '@', replacement: srcDir },
      ...(command === 'build' && mode === 'production'
        ? Object.entries(reactRouterProduction).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }))
        : []),
    ],
    conditions: [domainSource, ...defaultClientConditions],
  },
  // Vitest's node environment resolves like server-side code.
  ssr: { resolve: { conditions: [domainSource, ...defaultServerConditions] } },
  server: {
    proxy: {
      // API_URL points the dev server at another backend (default: the local one).
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true, ws: true },
      // Chat and live orders (socket.io, websocket with long-polling fallback) on the API's origin.
      '/socket.io': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the shop supports preloads modules itself: the polyfill would only add to the first download.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs on, in one file rather than several small ones (fewer requests, better compression).
          // Hooks only pages use (mutations, infinite lists) stay with the pages.
          groups: [
            { name: 'vendor', test: (id: string) => VENDOR.test(id) && !PAGE_ONLY_VENDOR.test(id), priority: 2 },
            { name: 'shell', test: inShell, priority: 3, includeDependenciesRecursively: false },
            { name: 'catalogue', test: inCatalogue, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        // Our own modules (the app and @greencart/domain's source) do nothing on import but define things:
        // what a page does not use stays out of its download, even when re-exported by an index.ts.
        moduleSideEffects: (id: string) => (/\/(frontend|domain)\/src\/.*\.tsx?$/.test(id) ? false : undefined),
      },
    },
  },
  test: {
    projects: [
      // Pure logic: no DOM.
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] } },
      // Components: jsdom, the API answered by MSW at the network edge (src/test/setup.ts).
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          // Relative '/api/...' requests resolve against this origin; MSW handlers match on the path.
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
          // A test awaits several answers, each allowed 5 s (src/test/setup.ts).
          testTimeout: 20_000,
        },
      },
    ],
  },
}));
