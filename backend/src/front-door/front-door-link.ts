import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join } from 'node:path';
import { ConfigService } from '@nestjs/config';
import inject from 'light-my-request';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { KEEP_ALIVE_MS, sharedLimit, trustProxySetting } from '../app.setup';
import { arrivedWithData } from '../common/http/connection-limits';
import type { Environment } from '../config/environment';
import { Catalogue } from '../products/catalogue';
import { asBuffer, type FromFrontDoor, type ToFrontDoor } from './front-door-protocol';

export interface FrontDoor {
  port: number;
  /** Takes no new connections and closes the idle ones; resolves once the front door has exited. */
  close(): Promise<void>;
}

/** Headers of the app's answer the front door sets itself. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

/**
 * A catalogue request the front door forwarded: answered from what the app remembers (the front door's
 * copy then has it too), otherwise by the app's own request handling (fast path, Express, guards, rate
 * limit) for the client's address, as if it had come on a connection of the app's.
 */
async function answerForTheFrontDoor(server: Server, catalogue: Catalogue, request: Extract<FromFrontDoor, { t: 'request' }>): Promise<ToFrontDoor> {
  const { id, method, url, headers, remoteAddress, full } = request;
  if (!full && headers.origin === undefined && catalogue.remembered(url)) return { t: 'response', id, remembered: true };
  const response = await inject(
    (req: IncomingMessage, res: ServerResponse) => {
      // Express gives the response its own prototype, which would drop the injected response's methods
      // that collect the answer: they are kept on the response itself.
      const injected = Object.getPrototypeOf(res) as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(injected)) if (name !== 'constructor') (res as unknown as Record<string, unknown>)[name] = injected[name];
      server.emit('request', req, res);
    },
    {
      method: method as 'GET' | 'HEAD',
      url,
      headers: headers as Record<string, string>,
      remoteAddress,
    },
  );
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined && !CONNECTION_HEADERS.has(name)) kept[name] = value;
  return { t: 'response', id, status: response.statusCode, headers: kept, body: response.rawPayload };
}

/** Listening failed: `code` as Node's listen gives it (EADDRINUSE, EACCES). */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Starts the front door (front-door.ts) on `port` for an initialised app that does not listen itself:
 * connections it hands over are served by the app's HTTP server (Express, socket.io) as its own; the
 * catalogue's remembered answers and the shared rate limit are kept in step over IPC. `onLost` is
 * called if the front door dies while the app runs (the shop then takes no connections: stop it).
 */
export async function openFrontDoor(
  app: NestExpressApplication,
  port: number,
  onLost: (reason: string) => void,
  options: { execArgv?: string[] } = {},
): Promise<FrontDoor> {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  const server = app.getHttpServer() as Server;
  const catalogue = app.get(Catalogue);
  // front-door.js beside this file once built (front-door.ts when the suites run the sources, with their execArgv).
  const entry = join(__dirname, `front-door${extname(__filename)}`);
  const child: ChildProcess = fork(entry, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: options.execArgv ?? [] });
  const tell = (message: ToFrontDoor) => {
    if (child.connected) child.send(message);
  };

  const limit = sharedLimit(
    app.get<ThrottlerStorage>(getStorageToken()),
    config.get('THROTTLE_LIMIT', { infer: true }),
    config.get('THROTTLE_TTL_MS', { infer: true }),
    (client, until) => tell({ t: 'over', client, until }),
  );

  let closing = false;
  let up = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<number>((resolve, reject) => {
    child.on('message', (message: FromFrontDoor, socket?: Socket) => {
      switch (message.t) {
        case 'connection':
          if (!socket) return;
          socket.unshift(asBuffer(message.data));
          arrivedWithData(socket);
          server.emit('connection', socket);
          break;
        case 'request':
          // The pipeline answers every error itself; this is only for the injection failing.
          void answerForTheFrontDoor(server, catalogue, message).then(tell, () =>
            tell({
              t: 'response',
              id: message.id,
              status: 500,
              headers: { 'content-type': 'application/json; charset=utf-8' },
              body: Buffer.from(JSON.stringify({ success: false, message: 'Something went wrong; please try again' })),
            }),
          );
          break;
        case 'counts':
          for (const [client, n] of message.counts) for (let i = 0; i < n; i++) limit.count(client);
          break;
        case 'listening':
          up = true;
          resolve(message.port);
          break;
        case 'listen-failed':
          reject(new ListenError(message.message, message.code));
          break;
      }
    });
    child.once('exit', (code, signal) => {
      reject(new ListenError(`the front door exited before listening (${signal ?? `code ${code}`})`));
      if (up && !closing) onLost(`the front door stopped (${signal ?? `code ${code}`})`);
    });
  });

  tell({
    t: 'listen',
    settings: {
      port,
      trustProxy: trustProxySetting(config.get('TRUST_PROXY', { infer: true })),
      perAddress: config.get('CONNECTIONS_PER_ADDRESS', { infer: true }),
      idleMs: config.get('HTTP_IDLE_TIMEOUT_MS', { infer: true }),
      keepAliveMs: KEEP_ALIVE_MS,
    },
  });
  // Each change as it happens: a change is told before the request that made it is answered.
  tell({ t: 'answers', changes: catalogue.watchAnswers((change) => tell({ t: 'answers', changes: [change] })) });
  const bound = await listening;

  return {
    port: bound,
    async close() {
      if (closing) return exited;
      closing = true;
      tell({ t: 'close' });
      // Its idle connections closed, the front door goes when the channel does.
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (child.connected) child.disconnect();
      const killed = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(killed);
    },
  };
}
