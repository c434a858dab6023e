import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyCataloguePush, FOLLOWS_STOCK, refreshStockOlderThan } from './catalogue-pushes';

/** A client with the queries a product page and a cart show, and one list that does not follow stock. */
function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const watch = (key: string, data: unknown, meta?: typeof FOLLOWS_STOCK) =>
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: [key], queryFn: () => data, meta })
      .setData(data);
  watch('apples', { _id: 'apples', stock: 3 }, FOLLOWS_STOCK);
  watch('cart', [{ _id: 'rice' }, { _id: 'dal' }], FOLLOWS_STOCK);
  watch('list', [{ _id: 'apples' }]);
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey[0]);
  return { queryClient, stale };
}

describe('catalogue pushes', () => {
  it('mark stale exactly the stock-following queries that show a product the push names', async () => {
    const { queryClient, stale } = client();
    expect(stale()).toEqual([]);
    await applyCataloguePush(queryClient, { version: 2, ids: ['dal'] });
    expect(stale()).toEqual(['cart']);
    await applyCataloguePush(queryClient, { version: 3, ids: ['apples', 'mango'] });
    expect(stale().sort()).toEqual(['apples', 'cart']);
  });

  it('a push naming no product marks every stock-following query; the same push twice counts once', async () => {
    const { queryClient, stale } = client();
    const change = { version: 4 };
    await applyCataloguePush(queryClient, change);
    expect(stale().sort()).toEqual(['apples', 'cart']);
    for (const q of queryClient.getQueryCache().getAll()) q.setData(q.state.data);
    await applyCataloguePush(queryClient, change);
    expect(stale()).toEqual([]);
  });

  it('after a break in the connection, answers older than it are asked again', async () => {
    const { queryClient, stale } = client();
    await refreshStockOlderThan(queryClient, 0);
    expect(stale()).toEqual([]);
    await refreshStockOlderThan(queryClient, Date.now() + 1);
    expect(stale().sort()).toEqual(['apples', 'cart']);
  });
});
