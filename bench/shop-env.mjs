/**
 * The environment of a throwaway production shop that a bench script starts (`node backend/dist/main.js`):
 * its own embedded database on `dataDir` and no Redis, mail server or secrets file, whatever the shell
 * says; throwaway secrets (production refuses to start without them); with `oneAddress` (the default),
 * the per-address and per-account limits lifted, since every simulated client comes from 127.0.0.1.
 * `overrides` come last (PORT, SEED_DEMO, a JWT_SECRET kept across restarts, SMTP_URL, …).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

const NOT_INHERITED = ['MONGODB_URI', 'REDIS_URL', 'MONGODB_DB', 'GREENCART_SECRETS_FILE', 'SMTP_URL'];

const ONE_ADDRESS = {
  CONNECTIONS_PER_ADDRESS: '1000000',
  SOCKETS_PER_ACCOUNT: '1000000',
  SOCKETS_PER_ADDRESS: '1000000',
  // Many orders from each bench shopper within the hour (the shop's quota is 10).
  COD_ORDERS_PER_HOUR: '1000000',
  THROTTLE_LIMIT: '100000000',
  REGISTER_THROTTLE_LIMIT: '100000',
  LOGIN_THROTTLE_LIMIT: '100000',
  LOGIN_ACCOUNT_THROTTLE_LIMIT: '100000',
  LOGIN_ADDRESS_THROTTLE_LIMIT: '100000',
};

export function throwawayShopEnv({ dataDir, seller, oneAddress = true, ...overrides }) {
  const inherited = { ...process.env };
  for (const name of NOT_INHERITED) delete inherited[name];
  return {
    ...inherited,
    NODE_ENV: 'production',
    GREENCART_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    JWT_SECRET: randomBytes(24).toString('hex'),
    SELLER_EMAIL: seller?.email ?? 'seller@bench.local',
    SELLER_PASSWORD: seller?.password ?? randomBytes(12).toString('hex'),
    COOKIE_SECURE: 'false',
    FRONTEND_DIST: '/nonexistent',
    ...(oneAddress ? ONE_ADDRESS : {}),
    ...overrides,
  };
}

/** A port free on 127.0.0.1 now (listened on 0, then closed for the shop to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
