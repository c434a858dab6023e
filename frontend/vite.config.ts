import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
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

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs on, in one file rather than several small ones (fewer requests, better compression).
          // Hooks only pages use (mutations, infinite lists) stay with the pages.
          groups: [{ name: 'vendor', test: (id: string) => VENDOR.test(id) && !PAGE_ONLY_VENDOR.test(id) }],
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
