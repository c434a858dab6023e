import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const pricingDir = fileURLToPath(new URL('../backend/src/common/pricing', import.meta.url));
const orderLifecycle = fileURLToPath(new URL('../backend/src/orders/order-status.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Pure modules shared with the server: the one pricing function (spec/PRODUCT.md §4) and the order lifecycle.
    alias: { '@pricing': `${pricingDir}/pricing.ts`, '@order-lifecycle': orderLifecycle, '@': srcDir },
  },
  server: {
    proxy: {
      // API_URL points the dev server at another backend (default: the local one).
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true, ws: true },
    },
    // Hoisted node_modules live in the workspace root; the pricing folder is listed to say why we reach into backend/.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), pricingDir, orderLifecycle] },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
