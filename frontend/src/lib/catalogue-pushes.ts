import { SOCKET_EVENTS, type CataloguePush } from '@greencart/domain';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCatalogueConnection, useSocketConnected, useSocketEvent, type ShopSocket } from './socket';

/**
 * `meta` of a query that shows products' stock or price (the product page's product, the cart's and
 * checkout's products): a push of the catalogue asks it again. Its data is a product or a list of them.
 */
export const FOLLOWS_STOCK = { followsStock: true } as const;

const followsStock = (query: Query) => query.meta?.followsStock === true;

/** Whether `data` (a product, or a list of them) shows one of `ids`. */
function shows(data: unknown, ids: ReadonlySet<string>): boolean {
  if (Array.isArray(data)) return data.some((item) => shows(item, ids));
  const id = typeof data === 'object' && data !== null ? (data as { _id?: unknown })._id : undefined;
  return typeof id === 'string' && ids.has(id);
}

/** Pushes already applied to each client: several components of one page listen to the same socket. */
const applied = new WeakMap<QueryClient, WeakSet<CataloguePush>>();

/**
 * Asks again the queries following stock that show a product the push names (every one of them when it
 * names none: anything may have changed). The server sends it once its answers show the change.
 */
export function applyCataloguePush(queryClient: QueryClient, change: CataloguePush): Promise<void> {
  let seen = applied.get(queryClient);
  if (!seen) applied.set(queryClient, (seen = new WeakSet()));
  if (seen.has(change)) return Promise.resolve();
  seen.add(change);
  const ids = change.ids ? new Set(change.ids) : undefined;
  return queryClient.invalidateQueries({ predicate: (query) => followsStock(query) && (!ids || shows(query.state.data, ids)) });
}

/** Asks again the queries following stock whose answer is older than `since` (pushes may have been missed since). */
export function refreshStockOlderThan(queryClient: QueryClient, since: number): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => followsStock(query) && query.state.dataUpdatedAt < since });
}

/**
 * Since when each catalogue socket has not heard pushes: from its last disconnect until it is connected
 * again. Not from when it was first opened: the page's first answers were read a moment before (by the
 * HTML's own hints), and asking them again at once would send every page's data twice; a change in that
 * moment is caught by the slow fallback poll (LIVE_STOCK_REFRESH_MS).
 */
const deafSince = new WeakMap<ShopSocket, number>();

/**
 * Keeps the page's stock-following queries current from the catalogue's pushes while the component is
 * shown, guests' pages too; after a break in the connection, what it may have missed is asked again.
 */
export function useCataloguePushes(): void {
  const queryClient = useQueryClient();
  const { socket } = useCatalogueConnection();
  useEffect(() => {
    if (!socket) return;
    const onDown = () => deafSince.set(socket, Date.now());
    socket.on('disconnect', onDown);
    return () => void socket.off('disconnect', onDown);
  }, [socket]);
  useSocketEvent(socket, SOCKET_EVENTS.catalogueChanged, (change) => void applyCataloguePush(queryClient, change));
  useSocketConnected(socket, () => {
    const since = socket ? deafSince.get(socket) : undefined;
    if (since === undefined || !socket) return;
    // Once for the page, however many of its components listen.
    deafSince.delete(socket);
    void refreshStockOlderThan(queryClient, since);
  });
}
