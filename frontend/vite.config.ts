import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const pricingDir = fileURLToPath(new URL('../backend/src/common/pricing', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The one pricing function shared with the server (spec/PRODUCT.md §4).
    alias: { '@pricing': `${pricingDir}/pricing.ts`, '@': srcDir },
  },
  server: {
    proxy: {
      // API_URL points the dev server at another backend (default: the local one).
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true, ws: true },
    },
    // Hoisted node_modules live in the workspace root; the pricing folder is listed to say why we reach into backend/.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), pricingDir] },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
