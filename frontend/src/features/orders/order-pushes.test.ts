import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { upsertOrder } from './api/order-pushes';
import { flattenOrders, type Order, type OrderPage } from './types';

const order = (id: string, minute: number, status: Order['status'] = 'Order Placed') =>
  ({ _id: id, status, createdAt: new Date(Date.UTC(2025, 5, 12, 10, minute)).toISOString() }) as Order;
const page = (orders: Order[], pageNumber: number, total: number): OrderPage => ({
  success: true,
  orderdata: orders,
  page: pageNumber,
  limit: 2,
  total,
  totalPages: Math.ceil(total / 2),
});
const loaded: InfiniteData<OrderPage, number> = {
  pages: [page([order('d', 4), order('c', 3)], 1, 4), page([order('b', 2), order('a', 1)], 2, 4)],
  pageParams: [1, 2],
};

describe('a pushed order', () => {
  it('replaces the order where it is', () => {
    const next = upsertOrder(loaded, order('b', 2, 'Packing'))!;
    expect(flattenOrders(next.pages).map((o) => `${o._id}:${o.status}`)).toEqual(['d:Order Placed', 'c:Order Placed', 'b:Packing', 'a:Order Placed']);
    expect(next.pages[0]!.total).toBe(4);
  });

  it('goes to the top when it is new', () => {
    const next = upsertOrder(loaded, order('e', 5))!;
    expect(flattenOrders(next.pages).map((o) => o._id)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(next.pages[0]!.total).toBe(5);
  });

  it('waits for its page when it is older than what is loaded', () => {
    const first: InfiniteData<OrderPage, number> = { pages: [loaded.pages[0]!], pageParams: [1] };
    expect(upsertOrder(first, order('a', 1, 'Cancelled'))).toBe(first);
  });

  it('changes nothing before the list is loaded', () => {
    expect(upsertOrder(undefined, order('e', 5))).toBeUndefined();
  });
});
