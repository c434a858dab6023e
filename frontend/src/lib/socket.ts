import {
  CATALOGUE_NAMESPACE,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@greencart/domain';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/** Whose page holds the socket: the server treats the connection as this role (a browser may hold both cookies). */
export type SocketRole = 'user' | 'seller';
/** A role's socket, or the catalogue's pushes (CATALOGUE_NAMESPACE), which anyone's page may hold, signed in or not. */
type Channel = SocketRole | 'catalogue';
export type ShopSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ConnectionState =
  | { status: 'connecting' | 'online' | 'reconnecting' }
  /** The server said no (signed out, session expired): it will not retry by itself. */
  | { status: 'refused'; reason: string };

export interface LiveConnection {
  /** null while nobody is signed in for this role. */
  socket: ShopSocket | null;
  state: ConnectionState;
}

interface Connection {
  identity: string;
  holders: number;
  closed: boolean;
  closeTimer?: ReturnType<typeof setTimeout>;
  /** Replaced on every change, so React sees a new snapshot; no socket until socket.io's code has loaded. */
  view: LiveConnection;
}

/** A page moving to another that holds the same socket keeps it (and React's StrictMode double mount does not reconnect). */
const CLOSE_GRACE_MS = 1_000;
const DETACHED: LiveConnection = { socket: null, state: { status: 'connecting' } };

const connections = new Map<Channel, Connection>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function open(role: Channel, identity: string): Connection {
  const connection: Connection = { identity, holders: 0, closed: false, view: DETACHED };
  const set = (socket: ShopSocket | null, state: ConnectionState) => {
    if (connection.closed) return;
    connection.view = { socket, state };
    notify();
  };
  // socket.io's code is loaded on first use: pages that hold no socket (a guest's home page and lists) do not download it.
  import('socket.io-client')
    .then(({ io }) => {
      if (connection.closed) return;
      // Same origin as the page: the httpOnly session cookies go with the handshake.
      const options = {
        path: '/socket.io',
        withCredentials: true,
        auth: role === 'seller' ? { role: 'seller' } : {},
        reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
        reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
        timeout: SOCKET_CONNECT_TIMEOUT_MS,
      };
      // The catalogue's namespace shares the page's one connection with the role's socket (socket.io multiplexes them).
      const socket: ShopSocket = role === 'catalogue' ? io(CATALOGUE_NAMESPACE, options) : io(options);
      socket.on('connect', () => set(socket, { status: 'online' }));
      socket.on('disconnect', (reason) => {
        // The server closed this session (signed out elsewhere…): ask once more, a refusal then says why.
        if (reason === 'io server disconnect') socket.connect();
        if (reason !== 'io client disconnect') set(socket, { status: 'reconnecting' });
      });
      socket.on('connect_error', (error) => set(socket, socket.active ? { status: 'reconnecting' } : { status: 'refused', reason: error.message }));
      set(socket, { status: 'connecting' });
    })
    .catch(() => set(null, { status: 'refused', reason: 'Live updates could not start. Reload the page to try again.' }));
  connections.set(role, connection);
  return connection;
}

function close(role: Channel, connection: Connection) {
  clearTimeout(connection.closeTimer);
  connection.closed = true;
  connection.view.socket?.disconnect();
  if (connections.get(role) === connection) {
    connections.delete(role);
    notify();
  }
}

function hold(role: Channel, identity: string): () => void {
  let connection = connections.get(role);
  // Someone else signed in for this role: the old socket speaks for the old session.
  if (connection && connection.identity !== identity) {
    close(role, connection);
    connection = undefined;
  }
  connection ??= open(role, identity);
  const held = connection;
  clearTimeout(held.closeTimer);
  held.holders += 1;
  return () => {
    held.holders -= 1;
    if (held.holders > 0) return;
    held.closeTimer = setTimeout(() => {
      if (held.holders === 0) close(role, held);
    }, CLOSE_GRACE_MS);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The role's one socket, opened on first use while `identity` (who is signed in) is set and closed
 * when the last component holding it goes; with its connection state for the page to show.
 * Reconnects by itself between 1 and 5 s; gives up on one attempt after 20 s (spec §9).
 */
export function useLiveConnection(role: SocketRole, identity: string | null | undefined): LiveConnection {
  return useChannel(role, identity);
}

function useChannel(role: Channel, identity: string | null | undefined): LiveConnection {
  useEffect(() => (identity ? hold(role, identity) : undefined), [role, identity]);
  return useSyncExternalStore(subscribe, () => {
    const connection = connections.get(role);
    return identity && connection?.identity === identity ? connection.view : DETACHED;
  });
}

/** The role's socket if some page already holds it, without opening one (null otherwise). */
export function useOpenSocket(role: SocketRole): ShopSocket | null {
  return useSyncExternalStore(subscribe, () => connections.get(role)?.view.socket ?? null);
}

type ServerEvent = keyof ServerToClientEvents;
type Listener = (...args: unknown[]) => void;

/** Run `handler` for every `event` the server pushes on this socket. */
export function useSocketEvent<E extends ServerEvent>(socket: ShopSocket | null, event: E, handler: ServerToClientEvents[E]): void {
  const onEvent = useEffectEvent(handler as Listener);
  useEffect(() => {
    if (!socket) return;
    const listener = (...args: unknown[]) => onEvent(...args);
    // socket.io's typed `on` cannot relate a generic event name to its listener.
    const emitter = socket as unknown as { on(event: string, listener: Listener): void; off(event: string, listener: Listener): void };
    emitter.on(event, listener);
    return () => emitter.off(event, listener);
  }, [socket, event]);
}

/**
 * Run `handler` each time the socket (re)connects while this component watches it: pushes sent
 * while it was down are lost, so what they would have changed is fetched again.
 */
export function useSocketConnected(socket: ShopSocket | null, handler: () => void): void {
  const onConnect = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) return;
    const listener = () => onConnect();
    socket.on('connect', listener);
    return () => void socket.off('connect', listener);
  }, [socket]);
}

/** Ask a refused socket to try again (after signing in again, or on the reader's request). */
export function retryConnection(socket: ShopSocket | null): void {
  if (socket && !socket.connected && !socket.active) socket.connect();
}

/** The catalogue's pushes of stock and price changes, held while the component is shown (guests' pages too). */
export function useCatalogueConnection(): LiveConnection {
  return useChannel('catalogue', 'everyone');
}

/** Whether some page holds the catalogue's pushes and they arrive (the stock poll may then be slower). */
export function cataloguePushesLive(): boolean {
  return connections.get('catalogue')?.view.state.status === 'online';
}

/** The seller pages' socket (the seller session is the shop's one seller). */
export function useSellerConnection(): LiveConnection {
  return useLiveConnection('seller', 'seller');
}
