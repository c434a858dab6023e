import { defineConfig } from '@playwright/test';

const BASE_PORT = Number(process.env.E2E_PRODUCTION_PORT ?? 3120);

/**
 * The production build in production mode, as an operator runs it over plain http, each server with PUBLIC_URL
 * naming the address it is opened at and its own fresh data folder (e2e/production/serve.mjs): 127.0.0.1, a
 * loopback address that is not 127.0.0.1, and a host name. Chromium treats all of 127.0.0.0/8 as secure (as if
 * https), so only a name that is not a loopback address shows what a shop on a real address over http sees:
 * `shop.greencart.test` is resolved to 127.0.0.3 by Chromium itself (--host-resolver-rules). Also the life cycle
 * of `npm start` (lifecycle.spec.ts).
 */
export const PRODUCTION_SHOPS = [
  { name: '127.0.0.1', address: '127.0.0.1', url: `http://127.0.0.1:${BASE_PORT}` },
  { name: '127.0.0.2', address: '127.0.0.2', url: `http://127.0.0.2:${BASE_PORT + 1}` },
  { name: 'shop.greencart.test', address: '127.0.0.3', url: `http://shop.greencart.test:${BASE_PORT + 2}` },
];

/** What production strictly requires (no generated secrets, no default seller email); nothing else is set. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SELLER_EMAIL: 'owner@production-e2e.test',
  SELLER_PASSWORD: 'production-e2e-seller-password',
  JWT_SECRET: 'production-e2e-jwt-secret-0123456789abcdef',
  LOG_LEVEL: 'warn',
};

export default defineConfig({
  testDir: './production',
  outputDir: './artifacts/production-results',
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // No retries: a test that needs one is a failure (scripts/test-all.mjs counts flaky as failed too).
  retries: 0,
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--host-resolver-rules=MAP shop.greencart.test 127.0.0.3',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // First, right after the build: `npm start` then finds the build up to date.
    { name: 'npm start', testMatch: 'lifecycle.spec.ts' },
    ...PRODUCTION_SHOPS.map((shop) => ({ name: shop.name, testMatch: 'storefront.spec.ts', use: { baseURL: shop.url } })),
  ],
  webServer: PRODUCTION_SHOPS.map((shop) => ({
    command: 'node e2e/production/serve.mjs',
    cwd: '..',
    url: `http://${shop.address}:${new URL(shop.url).port}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // SIGTERM to the server (as a process manager stops it), so it stops its database and serve.mjs removes the folder.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    env: {
      ...PRODUCTION_ENV,
      PORT: new URL(shop.url).port,
      PUBLIC_URL: shop.url,
      // Each server its own keys when REDIS_URL is set (CI): their catalogues and counters stay apart.
      REDIS_KEY_PREFIX: `e2e-production:${shop.name}:${Date.now()}:`,
    },
  })),
});
