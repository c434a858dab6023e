// Starts the built app for the browser tests on a fresh embedded database (a new data folder each run),
// with a local fake Razorpay (API and checkout.js stand-in) in place of Razorpay.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAKE_RAZORPAY_KEYS, startFakeRazorpay } from './fake-razorpay.mjs';
import { startMailCatcher } from './mail-catcher.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data', 'e2e');
rmSync(dataDir, { recursive: true, force: true });
const razorpay = await startFakeRazorpay({ port: Number(process.env.E2E_RAZORPAY_PORT ?? 3190) });
const mail = await startMailCatcher();
const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    GREENCART_DATA_DIR: dataDir,
    RAZORPAY_KEY_ID: FAKE_RAZORPAY_KEYS.keyId,
    RAZORPAY_KEY_SECRET: FAKE_RAZORPAY_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: FAKE_RAZORPAY_KEYS.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    RAZORPAY_CHECKOUT_URL: `${razorpay.url}/v1/checkout.js`,
    SMTP_URL: mail.url,
    SELLER_NOTIFY_EMAIL: 'orders@e2e.test',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  razorpay.server.close();
  void mail.close();
  process.exit(code ?? 0);
});
