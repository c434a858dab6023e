import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

export interface ConnectionLimits {
  /** Open TCP connections one client address may hold (a reverse proxy's own addresses are not counted). */
  perAddress: number;
  /** Open TCP connections the process holds at most (MAX_CONNECTIONS), below its file descriptor limit. */
  total: number;
  /** A connection that has sent nothing this long is closed. */
  idleMs: number;
  /** The whole request headers must arrive within this (slow clients), and the whole request within requestMs. */
  headersMs: number;
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** Whether an address is a trusted reverse proxy (Express's trust proxy function). */
  isProxy: (address: string) => boolean;
}

export const TOO_MANY_CONNECTIONS_MESSAGE = 'Too many open connections from your address; please close some and try again';
export const SHOP_BUSY_MESSAGE = 'The shop has too many open connections right now; please try again in a moment';

/** The probes a load balancer or orchestrator sends: still answered over the ceiling. */
const HEALTH_PATH = /^\/api\/health(\/|$)/;

/**
 * The soft limit on open files of this process (`ulimit -n`): from /proc/self/limits on Linux, else
 * from the shell's `ulimit -n` (macOS, BSD); undefined when neither tells.
 */
export function softOpenFileLimit(): number | undefined {
  const parse = (text: string | undefined) => {
    const n = Number(text);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    if (line) return parse(line.slice('Max open files'.length).trim().split(/\s+/)[0]);
  } catch {
    // Not Linux: ask the shell.
  }
  try {
    return parse(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return undefined;
  }
}

/**
 * MAX_CONNECTIONS when unset: 80 % of the soft open-file limit (1,024 when unknown). The rest is for
 * the health probe's reserve over the ceiling (at most 256), the database's and Redis's connections,
 * uploaded files and the logs.
 */
export function defaultMaxConnections(limit = softOpenFileLimit() ?? 1024): number {
  return Math.max(16, Math.floor(limit * 0.8));
}

/** The health probe's reserve over the ceiling (see limitConnections): 5 % of it, 4 to 256. */
export function healthBand(total: number): number {
  return Math.max(4, Math.min(256, Math.ceil(total / 20)));
}

/**
 * The reserve's connection that gives its place to a newcomer: the oldest that has sent nothing, else the
 * oldest whose request is not a health probe being answered (a half-sent one); none when all are answering.
 */
export function reserveSpaceFor<S extends { bytesRead: number }>(reserve: Iterable<S>, answering: { has(socket: S): boolean }): S | undefined {
  let spoken: S | undefined;
  for (const socket of reserve) {
    if (answering.has(socket)) continue;
    if (socket.bytesRead === 0) return socket;
    spoken ??= socket;
  }
  return spoken;
}

function refuse(socket: Socket, message: string): void {
  if (socket.destroyed || socket.writableEnded) return;
  const body = JSON.stringify({ success: false, message });
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroySoon();
}

/**
 * Connection hygiene of the HTTP server the app owns:
 * - Node's deadlines for request headers and whole requests, checked every quarter of the headers'
 *   deadline (at most every second; Node's own check runs every 30 s), and for idle keep-alive
 *   connections; a connection that never sends a byte is closed after `idleMs`.
 * - One address may hold at most `perAddress` connections at once: the next is answered 503 (with
 *   Retry-After) and closed.
 * - The process holds at most `total` connections (whatever their addresses), so that clients holding
 *   connections cannot use up its file descriptors. Over it, a reserve of healthBand connections is kept
 *   for the health probe: a connection there gets a second to ask for /api/health, which is answered (then
 *   closed); anything else is answered 503 and closed. Connections that say nothing cannot fill the
 *   reserve: when it is full, a newcomer takes the place of its oldest connection not being answered (one
 *   that has sent nothing first), which is answered 503 and closed; only when every place is answering a
 *   probe is the newcomer refused at once.
 *
 * Returns the Express middleware that answers the requests of connections over the ceiling: it must
 * be the first one.
 */
export function limitConnections(server: Server, limits: ConnectionLimits) {
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  // Read by Node when the server starts listening (configureApp runs before that); not in @types/node.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(50, Math.min(1_000, Math.floor(limits.headersMs / 4)));
  const reservePlaces = healthBand(limits.total);
  const triageMs = Math.min(1_000, limits.headersMs);
  /** Every connection open and not refused (a refused one is on its way out). */
  const open = new Set<Socket>();
  const perAddress = new Map<string, number>();
  const silent = new Map<Socket, number>();
  /** Connections over the ceiling: only a health probe is answered on them. */
  const overCeiling = new WeakSet<Socket>();
  /** The reserve: connections over the ceiling still open and not turned away, oldest first. */
  const reserve = new Set<Socket>();
  const answeringHealth = new WeakSet<Socket>();

  const turnAway = (socket: Socket, message: string) => {
    open.delete(socket);
    reserve.delete(socket);
    refuse(socket, message);
  };

  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    const address = socket.remoteAddress ?? '';
    if (!limits.isProxy(address)) {
      const mine = (perAddress.get(address) ?? 0) + 1;
      perAddress.set(address, mine);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      if (mine > limits.perAddress) return turnAway(socket, TOO_MANY_CONNECTIONS_MESSAGE);
    }
    if (open.size > limits.total) {
      overCeiling.add(socket);
      if (reserve.size >= reservePlaces) {
        const making = reserveSpaceFor(reserve, answeringHealth);
        if (!making) return turnAway(socket, SHOP_BUSY_MESSAGE);
        turnAway(making, SHOP_BUSY_MESSAGE);
      }
      reserve.add(socket);
      socket.once('close', () => reserve.delete(socket));
      const timer = setTimeout(() => {
        if (!answeringHealth.has(socket)) turnAway(socket, SHOP_BUSY_MESSAGE);
      }, triageMs);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
      return;
    }
    silent.set(socket, Date.now());
    socket.once('close', () => silent.delete(socket));
  });

  // A websocket over the ceiling is refused before socket.io takes it (ws drops a socket no longer writable).
  server.prependListener('upgrade', (_req, socket: Socket) => {
    if (overCeiling.has(socket)) turnAway(socket, SHOP_BUSY_MESSAGE);
  });

  // Node reads requests without 'data' events: whether a connection has said anything is its byte count.
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, since] of silent) {
        if (socket.bytesRead > 0) silent.delete(socket);
        else if (now - since >= limits.idleMs) {
          silent.delete(socket);
          socket.destroy();
        }
      }
    },
    Math.min(1_000, limits.idleMs),
  );
  sweeper.unref();
  server.once('close', () => clearInterval(sweeper));

  return (req: Request, res: Response, next: NextFunction): void => {
    const socket = req.socket;
    if (!overCeiling.has(socket)) return next();
    res.setHeader('Connection', 'close');
    if (HEALTH_PATH.test(req.path)) {
      answeringHealth.add(socket);
      return next();
    }
    open.delete(socket);
    reserve.delete(socket);
    res.setHeader('Retry-After', '5');
    res.status(503).json({ success: false, message: SHOP_BUSY_MESSAGE });
  };
}
