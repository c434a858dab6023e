import type { ProductView } from '@greencart/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { findCachedProducts, productsInData } from './catalogue-cache';

const product = (id: string): ProductView => ({
  _id: id,
  name: id,
  description: [],
  category: 'Fruits',
  price: 10,
  offerPrice: 9,
  image: [],
  stock: null,
  inStock: true,
  variants: [{ _id: id, label: '1 kg', price: 10, offerPrice: 9, stock: null, inStock: true }],
  createdAt: '',
  updatedAt: '',
});

describe('the catalogue this browser saw', () => {
  it('finds products in every shape of answer: one product, a page, pages of an infinite list, the full productList', () => {
    expect([...productsInData(product('a')).keys()]).toEqual(['a']);
    expect([...productsInData({ success: true, products: [product('a'), product('b')] }).keys()]).toEqual(['a', 'b']);
    expect([...productsInData({ pages: [{ products: [product('c')] }, { products: [product('d')] }] }).keys()]).toEqual(['c', 'd']);
    expect([...productsInData({ success: true, productsdata: [product('e')] }).keys()]).toEqual(['e']);
    expect([...productsInData({ success: true, product: product('f') }).keys()]).toEqual(['f']);
    expect(productsInData(null).size).toBe(0);
  });

  it('answers from the query cache in memory, in the order asked, leaving out what was never seen', async () => {
    const client = new QueryClient();
    client.setQueryData(['products', 'list', { page: 1 }], { products: [product('a'), product('b')] });
    client.setQueryData(['cart', 'products', ['c']], [product('c')]);
    client.setQueryData(['orders'], { products: [product('z')] });
    expect((await findCachedProducts(client, [['products'], ['cart']], ['c', 'a', 'x'])).map((p) => p._id)).toEqual(['c', 'a']);
    // Only under the roots asked for.
    expect(await findCachedProducts(client, [['products']], ['z'])).toEqual([]);
  });
});
