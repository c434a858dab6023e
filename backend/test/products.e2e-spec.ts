import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ProductsService } from '../src/products/products.service';
import { Product } from '../src/products/schemas/product.schema';
import { createTestApp, type TestApp } from './support/test-app';

type Fixture = Pick<Product, 'name' | 'category' | 'price' | 'offerPrice'> & Partial<Pick<Product, 'inStock' | 'weight'>>;

/** 25 products, inserted oldest first in this order. */
const FIXTURES: Fixture[] = [
  { name: 'Basmati Rice', category: 'Grains', price: 650, offerPrice: 579, weight: '5 kg' },
  { name: 'Brown Rice', category: 'Grains', price: 120, offerPrice: 110 },
  { name: 'Rice Flakes (Poha)', category: 'Grains', price: 60, offerPrice: 54 },
  { name: 'Puffed rice', category: 'Grains', price: 40, offerPrice: 36, inStock: false },
  { name: 'Toor Dal', category: 'Grains', price: 180, offerPrice: 159 },
  { name: 'Desi Tomatoes', category: 'Vegetables', price: 45, offerPrice: 39.5 },
  { name: 'Red Onions', category: 'Vegetables', price: 60, offerPrice: 52 },
  { name: 'Lady Finger (Bhindi)', category: 'Vegetables', price: 40, offerPrice: 33.33 },
  { name: 'Palak', category: 'Vegetables', price: 30, offerPrice: 25, inStock: false },
  { name: 'Shimla Apples', category: 'Fruits', price: 220, offerPrice: 189 },
  { name: 'Robusta Bananas', category: 'Fruits', price: 60, offerPrice: 54 },
  { name: 'Alphonso Mangoes', category: 'Fruits', price: 600, offerPrice: 499, inStock: false },
  { name: 'Classic Cola', category: 'Drinks', price: 40, offerPrice: 38 },
  { name: 'Lemon Soda', category: 'Drinks', price: 35, offerPrice: 33.33 },
  { name: 'Orange Juice', category: 'Drinks', price: 130, offerPrice: 116.67 },
  { name: 'Masala Noodles', category: 'Instant', price: 56, offerPrice: 52 },
  { name: 'Cup Noodles', category: 'Instant', price: 50, offerPrice: 45 },
  { name: 'Toned Milk', category: 'Dairy', price: 58, offerPrice: 56 },
  { name: 'Salted Butter', category: 'Dairy', price: 60, offerPrice: 58 },
  { name: 'Fresh Paneer', category: 'Dairy', price: 95, offerPrice: 85 },
  { name: 'Set Curd (Dahi)', category: 'Dairy', price: 50, offerPrice: 45 },
  { name: 'Whole Wheat Bread', category: 'Bakery', price: 50, offerPrice: 45 },
  { name: 'Ladi Pav', category: 'Bakery', price: 35, offerPrice: 30 },
  { name: 'Rice Rusk', category: 'Bakery', price: 60, offerPrice: 54 },
  { name: 'Croissants', category: 'Bakery', price: 90, offerPrice: 79, inStock: false },
];

describe('products catalogue', () => {
  let t: TestApp;
  let ids: string[];
  const sameMoment = new Date('2025-01-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    const products = t.app.get<Model<Product>>(getModelToken(Product.name));
    const docs = await products.create(
      // The last five share one createdAt: _id must keep their order stable.
      FIXTURES.map((f, i) => ({
        ...f,
        description: ['Line one', 'Line two', 'Line three'],
        image: [],
        createdAt: i < 20 ? new Date(Date.UTC(2024, 0, 1, 0, 0, i)) : sameMoment,
      })),
    );
    // Written through the model rather than the seller's API: the catalogue read model reads them again.
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();
    ids = docs
      .slice()
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || String(a._id).localeCompare(String(b._id)))
      .map((d) => String(d._id));
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>) => t.http().get('/api/products').query(query);
  const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

  describe('GET /api/productList', () => {
    it('returns every product as { success, productsdata }, oldest first', async () => {
      const res = await t.http().get('/api/productList').expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['productsdata', 'success']);
      expect(res.body.success).toBe(true);
      expect(res.body.productsdata.map((p: { _id: string }) => p._id)).toEqual(ids);
      const basmati = res.body.productsdata[0];
      expect(basmati).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Basmati Rice',
        description: ['Line one', 'Line two', 'Line three'],
        category: 'Grains',
        price: 650,
        offerPrice: 579,
        image: [],
        inStock: true,
        weight: '5 kg',
        stock: null,
        // A product stored before pack sizes reads as one size whose id is its own (issue 37).
        variants: [{ _id: basmati._id, label: '5 kg', price: 650, offerPrice: 579, size: { amount: 5, unit: 'kg' }, stock: null, inStock: true }],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(res.body.productsdata[1]).not.toHaveProperty('weight');
    });
  });

  describe('GET /api/products', () => {
    it('defaults to page 1 of 20, oldest first, with totals', async () => {
      const res = await t.http().get('/api/products').expect(200);
      expect(res.body).toMatchObject({ success: true, total: 25, page: 1, limit: 20, totalPages: 2 });
      expect(res.body.products.map((p: { _id: string }) => p._id)).toEqual(ids.slice(0, 20));
    });

    it('walks every page without overlap or gaps, in a stable order (ties broken by _id)', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await list({ page, limit: 7 }).expect(200);
        expect(res.body).toMatchObject({ total: 25, page, limit: 7, totalPages: 4 });
        expect(res.body.products).toHaveLength(page < 4 ? 7 : 4);
        seen.push(...res.body.products.map((p: { _id: string }) => p._id));
      }
      expect(seen).toEqual(ids);
      const again = await list({ page: 3, limit: 7 }).expect(200);
      expect(again.body.products.map((p: { _id: string }) => p._id)).toEqual(ids.slice(14, 21));
    });

    it('answers a page past the end with no products and the real totals', async () => {
      const res = await list({ page: 9, limit: 10 }).expect(200);
      expect(res.body).toEqual({ success: true, products: [], total: 25, page: 9, limit: 10, totalPages: 3 });
    });

    it('searches names case-insensitively, names starting with the query first (search.e2e-spec.ts covers the ranking)', async () => {
      const res = await list({ search: 'RICE' }).expect(200);
      expect(names(res.body).slice(0, 2).sort()).toEqual(['Rice Flakes (Poha)', 'Rice Rusk']);
      expect(names(res.body).slice(2, 5).sort()).toEqual(['Basmati Rice', 'Brown Rice', 'Puffed rice']);
      expect(res.body.total).toBe(5);
      expect(names((await list({ search: '  noodles ' }).expect(200)).body).sort()).toEqual(['Cup Noodles', 'Masala Noodles']);
    });

    it.each([
      ['(', ['Rice Flakes (Poha)', 'Lady Finger (Bhindi)', 'Set Curd (Dahi)']],
      ['(poha)', ['Rice Flakes (Poha)']],
      ['.*', []],
      ['a.d', []],
      ['[', []],
      ['\\', []],
      ['^Brown', ['Brown Rice', 'Whole Wheat Bread']],
      ['$', []],
      ['+|?', []],
    ])('treats regex characters in search %p literally', async (search, expected) => {
      const res = await list({ search }).expect(200);
      expect(names(res.body)).toEqual(expected);
    });

    it('filters by category with case-insensitive "contains"', async () => {
      expect((await list({ category: 'dairy' }).expect(200)).body.total).toBe(4);
      expect((await list({ category: 'VEG' }).expect(200)).body.products.every((p: Product) => p.category === 'Vegetables')).toBe(true);
      const withR = await list({ category: 'r', limit: 100 }).expect(200);
      expect(new Set(withR.body.products.map((p: Product) => p.category))).toEqual(new Set(['Grains', 'Fruits', 'Drinks', 'Dairy', 'Bakery']));
      expect(withR.body.total).toBe(25 - 4 - 2);
      expect((await list({ category: 'Seafood' }).expect(200)).body).toMatchObject({ products: [], total: 0, totalPages: 0 });
      expect((await list({ category: '.*' }).expect(200)).body.total).toBe(0);
    });

    it('filters by stock', async () => {
      const inStock = await list({ inStock: 'true', limit: 100 }).expect(200);
      expect(inStock.body.total).toBe(21);
      expect(inStock.body.products.every((p: Product) => p.inStock)).toBe(true);
      const out = await list({ inStock: 'false' }).expect(200);
      expect(names(out.body)).toEqual(['Puffed rice', 'Palak', 'Alphonso Mangoes', 'Croissants']);
    });

    it('filters by ids (unknown ids are simply absent) and combines filters', async () => {
      const unknown = 'aaaaaaaaaaaaaaaaaaaaaaaa';
      const wanted = [ids[10], ids[2], unknown, ids[3]];
      const res = await list({ ids: wanted.join(',') }).expect(200);
      expect(res.body.products.map((p: { _id: string }) => p._id)).toEqual([ids[2], ids[3], ids[10]]);
      expect(res.body.total).toBe(3);
      const combined = await list({ ids: wanted.join(','), inStock: 'true', search: 'rice', category: 'grains' }).expect(200);
      expect(names(combined.body)).toEqual(['Rice Flakes (Poha)']);
      const all = await list({ ids: ids.join(','), limit: 100 }).expect(200);
      expect(all.body.total).toBe(25);
    });

    const tooManyIds = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    it.each(
      [
        ['page=0'],
        ['page=-1'],
        ['page=abc'],
        ['page=1.5'],
        ['page='],
        ['page=1&page=2'],
        ['page=100000000'],
        ['limit=0'],
        ['limit=101'],
        ['limit=1000'],
        ['limit=ten'],
        ['ids=xyz'],
        ['ids=aaaaaaaaaaaaaaaaaaaaaaaa,nope'],
        ['ids='],
        [`ids=${tooManyIds}`],
        [`search=${'a'.repeat(101)}`],
        ['search=a&search=b'],
        ['search[$ne]=x'],
        [`category=${'b'.repeat(51)}`],
        ['inStock=yes'],
        ['inStock=1'],
        ['sort=price'],
        ['foo=bar'],
      ].map(([query]) => [query.length > 50 ? `${query.slice(0, 40)}… (${query.length} chars)` : query, query]),
    )('refuses ?%s with 400 in the error shape', async (_label, query) => {
      const res = await t.http().get(`/api/products?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      expect(res.body.message.length).toBeGreaterThan(0);
    });

    it('explains the problem in the message', async () => {
      expect((await list({ limit: 1000 })).body.message).toBe('limit must be at most 100');
      expect((await list({ page: 0 })).body.message).toBe('page must be at least 1');
      expect((await list({ ids: 'xyz' })).body.message).toBe('ids must contain only valid product ids');
      expect((await list({ search: 'x'.repeat(101) })).body.message).toBe('search must be at most 100 characters');
    });

    it('accepts exactly 100 ids and a 100-character search', async () => {
      const hundred = Array.from({ length: 100 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
      await list({ ids: hundred }).expect(200);
      await list({ search: 'x'.repeat(100) }).expect(200);
    });
  });

  describe('GET /api/products/:id', () => {
    it('returns one product', async () => {
      const res = await t.http().get(`/api/products/${ids[5]}`).expect(200);
      expect(res.body).toEqual({ success: true, product: expect.objectContaining({ _id: ids[5], name: 'Desi Tomatoes', offerPrice: 39.5 }) });
    });

    it.each(['nope', '123', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${'a'.repeat(25)}`])('refuses malformed id %p with 400', async (id) => {
      const res = await t.http().get(`/api/products/${id}`).expect(400);
      expect(res.body).toMatchObject({ success: false, message: 'Invalid product id' });
    });

    it('answers an unknown id with 404', async () => {
      const res = await t.http().get('/api/products/aaaaaaaaaaaaaaaaaaaaaaaa').expect(404);
      expect(res.body).toMatchObject({ success: false, message: 'Product not found' });
    });
  });

  describe('ProductsService for other modules', () => {
    let service: ProductsService;
    beforeAll(async () => {
      // The app was loaded in a fresh module registry: take the class from that registry.
      service = t.app.get((await import('../src/products/products.service')).ProductsService);
    });

    it('findByIds returns the existing products and ignores unknown or malformed ids', async () => {
      const found = await service.findByIds([ids[4], 'bad', 'aaaaaaaaaaaaaaaaaaaaaaaa', ids[4], ids[1]]);
      expect(found.map((p) => p._id)).toEqual([ids[1], ids[4]]);
      expect(found[0]).toMatchObject({ name: 'Brown Rice', offerPrice: 110 });
      expect(await service.findByIds([])).toEqual([]);
    });

    it('exists is true only when every id names a product', async () => {
      expect(await service.exists([ids[0], ids[0], ids[24]])).toBe(true);
      expect(await service.exists([ids[0], 'aaaaaaaaaaaaaaaaaaaaaaaa'])).toBe(false);
      expect(await service.exists([ids[0], 'bad'])).toBe(false);
    });
  });

  describe('product rules in the schema', () => {
    it('refuses prices with more than 2 decimals, offer above price, unknown categories and more than 4 images', async () => {
      // Loosely typed on purpose: these documents break the rules the types would already catch.
      const products = t.app.get<Model<Record<string, unknown>>>(getModelToken(Product.name));
      const base = { name: 'Test', category: 'Dairy', price: 10, offerPrice: 9 };
      await expect(products.create({ ...base, price: 10.005 })).rejects.toThrow(/at most 2 decimals/);
      await expect(products.create({ ...base, offerPrice: 11 })).rejects.toThrow(/not be higher than price/);
      await expect(products.create({ ...base, category: 'Toys' })).rejects.toThrow(/category/);
      await expect(products.create({ ...base, image: ['a', 'b', 'c', 'd', 'e'] })).rejects.toThrow(/at most 4 images/);
      expect(await products.countDocuments()).toBe(25);
    });
  });
});
