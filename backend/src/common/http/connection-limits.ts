import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open TCP connections one client address may hold (a reverse proxy's own addresses are not counted). */
  perAddress: number;
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

/** Connections another process accepted and read from before handing them over (the front door): they have spoken. */
const handedOver = new WeakSet<Socket>();
export function arrivedWithData(socket: Socket): void {
  handedOver.add(socket);
}

export const TOO_MANY_CONNECTIONS_MESSAGE = 'Too many open connections from your address; please close some and try again';

/**
 * Connection hygiene of the HTTP server the app owns: Node's time-outs for headers, whole requests and
 * idle keep-alive connections; connections that never send a byte are closed after `idleMs`; and one
 * address may hold at most `perAddress` connections at once: the next is answered 503 (with
 * Retry-After) and closed, so a client hoarding connections cannot use up the process's file
 * descriptors while everyone else, the health probe included, is still served.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): () => void {
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  const perAddress = new Map<string, number>();
  const silent = new Map<Socket, number>();

  const refuse = (socket: Socket) => {
    const body = JSON.stringify({ success: false, message: TOO_MANY_CONNECTIONS_MESSAGE });
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.destroySoon();
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (!limits.isProxy(address)) {
      const open = (perAddress.get(address) ?? 0) + 1;
      perAddress.set(address, open);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      if (open > limits.perAddress) return refuse(socket);
    }
    if (handedOver.has(socket)) return;
    silent.set(socket, Date.now());
    socket.once('close', () => silent.delete(socket));
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
  return () => clearInterval(sweeper);
}
