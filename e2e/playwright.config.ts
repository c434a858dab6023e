import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SELLER = { email: 'seller@e2e.test', password: 'e2e-seller-password' };
const RAZORPAY_PORT = Number(process.env.E2E_RAZORPAY_PORT ?? 3190);
/** The fake Razorpay serve.mjs starts (API and checkout.js stand-in, e2e/fake-razorpay.mjs). */
export const FAKE_RAZORPAY_URL = `http://127.0.0.1:${RAZORPAY_PORT}`;

/** Browser tests: Debian's Chromium against the built app on its own fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // No retries: a test that needs one is a failure (scripts/test-all.mjs counts flaky as failed too).
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
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
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      E2E_RAZORPAY_PORT: String(RAZORPAY_PORT),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      FRONTEND_ORIGIN: `http://127.0.0.1:${PORT}`,
      SELLER_EMAIL: SELLER.email,
      SELLER_PASSWORD: SELLER.password,
      // Many page loads from one IP in a minute.
      THROTTLE_LIMIT: '20000',
      // The specs place many orders from few shoppers.
      COD_ORDERS_PER_HOUR: '10000',
      OPEN_CHECKOUTS_PER_SHOPPER: '10000',
      CONNECTIONS_PER_ADDRESS: '100000',
      SOCKETS_PER_ADDRESS: '100000',
      SOCKETS_PER_ACCOUNT: '100000',
      // Every spec signs people up and in from 127.0.0.1 (the seller more than 5 times a minute when the
      // suite runs fast: the production login limit made those specs fail by timing); the limits
      // themselves are tested in the backend suites (auth, hardening, rate-limit).
      LOGIN_THROTTLE_LIMIT: '1000',
      REGISTER_THROTTLE_LIMIT: '1000',
      LOGIN_ADDRESS_THROTTLE_LIMIT: '1000',
      LOGIN_ACCOUNT_THROTTLE_LIMIT: '1000',
      // Passwords at argon2id's smallest cost: every spec signs people up and in (backend/src/sessions/passwords.ts).
      FAST_PASSWORD_HASHES: 'true',
      REDIS_KEY_PREFIX: `e2e:${Date.now()}:`,
    },
  },
});
