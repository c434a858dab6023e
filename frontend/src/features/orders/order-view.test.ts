import type { OrderLineView } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { flattenOrders, formatExpectedDelivery, itemImage, itemName, itemOfferPrice, type Order } from './types';

const product = { _id: 'p1', name: 'Apple (now)', category: 'Fruits', image: ['/api/images/now'], offerPrice: 99 };

describe('order lines', () => {
  it('show what was bought (the snapshot), not what the product became', () => {
    const item: OrderLineView = { product, name: 'Apple', category: 'Fruits', image: '/api/images/then', offerPrice: 80, quantity: 2 };
    expect(itemName(item)).toBe('Apple');
    expect(itemImage(item)).toBe('/api/images/then');
    expect(itemOfferPrice(item)).toBe(80);
  });

  it('still show a line whose product was deleted', () => {
    const item: OrderLineView = { product: null, name: 'Apple', category: 'Fruits', image: '/api/images/then', offerPrice: 80, quantity: 1 };
    expect(itemName(item)).toBe('Apple');
    expect(itemImage(item)).toBe('/api/images/then');
  });

  it('fall back to the product when a snapshot field is missing', () => {
    const item = { product, quantity: 1 } as unknown as OrderLineView;
    expect(itemName(item)).toBe('Apple (now)');
    expect(itemImage(item)).toBe('/api/images/now');
    expect(itemOfferPrice(item)).toBe(99);
  });
});

describe('order pages', () => {
  it('list each order once across pages', () => {
    const order = (id: string) => ({ _id: id }) as Order;
    expect(flattenOrders([{ orderdata: [order('c'), order('b')] }, { orderdata: [order('b'), order('a')] }]).map((o) => o._id)).toEqual(['c', 'b', 'a']);
  });
});

describe('expected delivery', () => {
  it('is a time today, or a date and time on another day', () => {
    const now = new Date(2025, 5, 12, 18, 0);
    const today = formatExpectedDelivery(new Date(2025, 5, 12, 18, 30).toISOString(), now);
    expect(today).toMatch(/6:30\s?pm/i);
    const tomorrow = formatExpectedDelivery(new Date(2025, 5, 13, 0, 10).toISOString(), now);
    expect(tomorrow).toMatch(/13 Jun/);
    expect(tomorrow).toMatch(/12:10\s?am/i);
  });

  it('is empty for a missing or broken time', () => {
    expect(formatExpectedDelivery('not a date')).toBe('');
  });
});
