import { describe, expect, it } from 'vitest';
import { patchProductInData } from './api/product-cache';
import type { Product, ProductPage } from './types';

const product = (id: string, inStock = true): Product => ({
  _id: id,
  name: id,
  description: [],
  category: 'Fruits',
  price: 10,
  offerPrice: 9,
  image: [],
  stock: null,
  inStock,
  variants: [{ _id: id, label: '1 kg', price: 10, offerPrice: 9, stock: null, inStock }],
  createdAt: '',
  updatedAt: '',
});

const page = (...products: Product[]): ProductPage => ({ success: true, products, total: products.length, page: 1, limit: 20, totalPages: 1 });

describe('changing one product in cached queries', () => {
  it('changes a product detail', () => {
    expect(patchProductInData(product('a'), 'a', { inStock: false }).inStock).toBe(false);
  });

  it('changes the product in a full list, a page and an infinite list', () => {
    expect(patchProductInData([product('a'), product('b')], 'b', { inStock: false }).map((p) => p.inStock)).toEqual([true, false]);
    expect(patchProductInData(page(product('a')), 'a', { inStock: false }).products[0]!.inStock).toBe(false);
    const infinite = { pages: [page(product('a')), page(product('b'))], pageParams: [1, 2] };
    const patched = patchProductInData(infinite, 'b', { inStock: false });
    expect(patched.pages[1]!.products[0]!.inStock).toBe(false);
    expect(patched.pages[0]).toBe(infinite.pages[0]);
    expect(patched.pageParams).toEqual([1, 2]);
  });

  it('returns the very same data when the product is not there', () => {
    const list = [product('a')];
    expect(patchProductInData(list, 'z', { inStock: false })).toBe(list);
    const infinite = { pages: [page(product('a'))], pageParams: [1] };
    expect(patchProductInData(infinite, 'z', { inStock: false })).toBe(infinite);
    expect(patchProductInData(undefined, 'a', { inStock: false })).toBeUndefined();
  });
});
