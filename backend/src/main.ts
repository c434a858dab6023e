import 'reflect-metadata';
import { join } from 'node:path';
import { Logger } from 'nestjs-pino';
import { fillLocalSecrets } from './config/local-secrets';
import { REPO_ROOT, startEmbeddedDatabase, type RunningDatabase } from './database/embedded-database';

async function bootstrap() {
  const dataDir = process.env.GREENCART_DATA_DIR ?? join(REPO_ROOT, '.data', 'db');
  fillLocalSecrets(process.env, process.env.GREENCART_SECRETS_FILE ?? join(dataDir, 'secrets.json'));
  let database: RunningDatabase | undefined;
  if (!process.env.MONGODB_URI) {
    database = await startEmbeddedDatabase({ dataDir });
    process.env.MONGODB_URI = `${database.uri}${process.env.MONGODB_DB ?? 'greencart'}`;
  }
  await checkDatabaseReachable(process.env.MONGODB_URI);
  // Imported only now: the config module validates the environment when the module loads.
  const { AppModule } = await import('./app.module');
  const { createApp } = await import('./app.setup');
  const app = await createApp(AppModule);
  app.useLogger(app.get(Logger));

  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port);
  warnAboutPlainHttp(process.env.PUBLIC_URL);
  console.log(`\nGreenCart is running at http://localhost:${port}  (API docs: http://localhost:${port}/api/docs)\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    await app.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Plain http on a real address sends passwords and session cookies in the clear: say so loudly. */
function warnAboutPlainHttp(publicUrl: string | undefined) {
  if (!publicUrl?.startsWith('http:')) return;
  const host = new URL(publicUrl).hostname;
  if (host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.')) return;
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n  PUBLIC_URL is ${publicUrl}: plain http on a real address.\n  Passwords and session cookies travel unencrypted. Put the shop behind https (README: HTTPS).\n${line}\n`,
  );
}

bootstrap().catch((error: Error) => {
  console.error(`\nGreenCart failed to start:\n${error.message}\n`);
  process.exit(1);
});

/** A wrong or unreachable MONGODB_URI is one line after 3 s, not a minute of retries and stack traces. */
async function checkDatabaseReachable(uri: string | undefined) {
  if (!uri) return;
  const { mongo } = await import('mongoose');
  const started = Date.now();
  let client: InstanceType<typeof mongo.MongoClient> | undefined;
  try {
    client = await mongo.MongoClient.connect(uri, { serverSelectionTimeoutMS: 3_000, connectTimeoutMS: 3_000 });
    await client.db().admin().ping();
  } catch (error) {
    const waited = ((Date.now() - started) / 1000).toFixed(1);
    console.error(
      `\nGreenCart failed to start:\nCannot reach the database at ${safeAddress(uri)} (waited ${waited} s): ${(error as Error).message.split('\n')[0]}\n`,
    );
    process.exit(1);
  } finally {
    await client?.close().catch(() => undefined);
  }
}

/** The database address without its password. */
function safeAddress(uri: string | undefined): string {
  if (!uri) return '(no MONGODB_URI)';
  try {
    const url = new URL(uri);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return uri.replace(/\/\/[^@/]*@/, '//***@');
  }
}
