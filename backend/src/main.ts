import 'reflect-metadata';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Logger } from 'nestjs-pino';
import { validateEnvironment } from './config/validate-environment';
import { fillLocalSecrets } from './config/local-secrets';
import { REPO_ROOT, startEmbeddedDatabase, type RunningDatabase } from './database/embedded-database';
import { keepFilesPrivate, makePrivate } from './database/private-files';
import { SNAPSHOT_DIR_VARIABLE } from './products/catalogue';

/** What this process started, so that a signal or a failed start-up stops all of it (the embedded database above all). */
const running: { app?: INestApplication; database?: RunningDatabase } = {};
let stopping = false;

// Listening from the first moment: a signal during start-up (say `npm start` stopped while the embedded database starts)
// must stop the database too, which Node's default (die at once, no exit handlers) would leave running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    console.log(`${signal} received, shutting down`);
    void stopAndExit(0);
  });
}

async function bootstrap() {
  const dataDir = process.env.GREENCART_DATA_DIR ?? join(REPO_ROOT, '.data', 'db');
  // The database files, secrets and the catalogue's copy: readable by this account only.
  keepFilesPrivate();
  if (!process.env.MONGODB_URI) makePrivate(dataDir);
  fillLocalSecrets(process.env, process.env.GREENCART_SECRETS_FILE ?? join(dataDir, 'secrets.json'));
  // Every setting checked before anything starts: a typo is one list of what is wrong, not a database
  // started for nothing and a stack trace (the embedded database's address is the only one filled in later).
  validateEnvironment({ MONGODB_URI: 'mongodb://embedded.invalid/', ...process.env });
  if (!process.env.MONGODB_URI) {
    running.database = await startEmbeddedDatabase({ dataDir });
    if (stopping) return;
    process.env.MONGODB_URI = `${running.database.uri}${process.env.MONGODB_DB ?? 'greencart'}`;
    // The catalogue keeps a copy of itself beside the embedded database (see Catalogue).
    process.env[SNAPSHOT_DIR_VARIABLE] ??= join(dataDir, 'snapshots');
  }
  await checkDatabaseReachable(process.env.MONGODB_URI);
  // Imported only now: the config module validates the environment when the module loads.
  const { AppModule } = await import('./app.module');
  const { createApp } = await import('./app.setup');
  const app = await createApp(AppModule);
  running.app = app;
  app.useLogger(app.get(Logger));

  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new Error(`port ${port} is already in use by another program; stop it or set PORT to a free port`);
    if (error.code === 'EACCES') throw new Error(`not allowed to listen on port ${port}; set PORT to a port above 1023`);
    throw error;
  });
  warnAboutPlainHttp(process.env.PUBLIC_URL);
  const address = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const docs = app.get(ConfigService).get<boolean>('API_DOCS') ? `  (API docs: ${address}/api/docs)` : '';
  console.log(`\nGreenCart is running at ${address}${docs}\n`);
}

/** Closes the app, then stops the embedded database (its child process), then exits; never takes longer than 15 s. */
async function stopAndExit(code: number): Promise<void> {
  stopping = true;
  setTimeout(() => process.exit(code), 15_000).unref();
  await running.app?.close().catch(() => undefined);
  await running.database?.stop().catch(() => undefined);
  process.exit(code);
}

/** Plain http on a real address sends passwords and session cookies in the clear: say so loudly. */
function warnAboutPlainHttp(publicUrl: string | undefined) {
  if (!publicUrl?.startsWith('http:')) return;
  const host = new URL(publicUrl).hostname;
  if (host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.')) return;
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n  PUBLIC_URL is ${publicUrl}: plain http on a real address.\n  Passwords and session cookies travel unencrypted. Put the shop behind https (docs/operations.md: HTTPS).\n${line}\n`,
  );
}

bootstrap().catch((error: Error) => {
  if (stopping) return; // a signal arrived during start-up and is stopping everything already
  // One line (a list for settings), never a stack trace; then the embedded database is stopped before exiting.
  console.error(`GreenCart failed to start: ${error.message}`);
  void stopAndExit(1);
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
    throw new Error(`cannot reach the database at ${safeAddress(uri)} (waited ${waited} s): ${(error as Error).message.split('\n')[0]}`);
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
