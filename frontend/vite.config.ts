import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
/** @greencart/domain exports its TypeScript source under this condition: the app and its tests use it without a build. */
const domainSource = '@greencart/source';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': srcDir },
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
  build: { outDir: 'dist', emptyOutDir: true },
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
});
