import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { PRODUCT_CATEGORIES } from '@greencart/domain';
import { DEMO_CATALOGUE, demoPackSizes } from '../src/products/seed/demo-catalogue';
import type { DemoCatalogueSeeder } from '../src/products/seed/demo-catalogue.seeder';
import { createTestApp, type TestApp } from './support/test-app';
import type { ProductView } from '../src/products/products.service';

/** A product as the API sends it (dates arrive as strings). */
type ApiProduct = Omit<ProductView, 'createdAt' | 'updatedAt'>;

const IMAGES_DIR = join(__dirname, '..', 'seed', 'images');
const TOTAL_IMAGES = DEMO_CATALOGUE.reduce((n, p) => n + p.images.length, 0);
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;

/** A second app on an existing database, as a second instance of the shop would start (same setup as main.ts). */
async function bootOnDatabase(uri: string): Promise<INestApplication> {
  Object.assign(process.env, { SEED_DEMO: 'true', MONGODB_URI: uri });
  jest.resetModules();
  const { Test } = await import('@nestjs/testing');
  const { AppModule } = await import('../src/app.module');
  const { configureApp } = await import('../src/app.setup');
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  configureApp(app);
  return app.init();
}

describe('demo catalogue data', () => {
  it('has at least 35 products in all seven categories, with sane prices and committed images', () => {
    expect(DEMO_CATALOGUE.length).toBeGreaterThanOrEqual(35);
    expect(new Set(DEMO_CATALOGUE.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(DEMO_CATALOGUE.map((p) => p.key)).size).toBe(DEMO_CATALOGUE.length);
    expect(new Set(DEMO_CATALOGUE.map((p) => p.name)).size).toBe(DEMO_CATALOGUE.length);
    for (const p of DEMO_CATALOGUE) {
      expect(p.offerPrice).toBeLessThanOrEqual(p.price);
      expect(twoDecimals(p.price) && twoDecimals(p.offerPrice)).toBe(true);
      expect(p.description.length).toBeGreaterThanOrEqual(3);
      expect(p.description.length).toBeLessThanOrEqual(4);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      for (const file of p.images) expect(existsSync(join(IMAGES_DIR, file))).toBe(true);
    }
    expect(DEMO_CATALOGUE.some((p) => !Number.isInteger(p.offerPrice))).toBe(true);
  });
});

describe('demo catalogue seeding', () => {
  let t: TestApp;
  let seeder: DemoCatalogueSeeder;
  const images = () => t.connection.collection('images.files');

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    seeder = t.app.get((await import('../src/products/seed/demo-catalogue.seeder')).DemoCatalogueSeeder);
  });
  afterAll(() => t.close());

  it('loads the catalogue on start-up when SEED_DEMO is on', async () => {
    const res = await t.http().get('/api/productList').expect(200);
    const products = res.body.productsdata as ApiProduct[];
    expect(products).toHaveLength(DEMO_CATALOGUE.length);
    expect(products.map((p) => p.name)).toEqual(DEMO_CATALOGUE.map((p) => p.name));
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    const outOfStock = products.filter((p) => !p.inStock).length;
    expect(outOfStock).toBeGreaterThanOrEqual(2);
    expect(outOfStock).toBeLessThanOrEqual(3);
    for (const p of products) {
      expect(p.weight).toEqual(expect.any(String));
      expect(p.image.length).toBeGreaterThanOrEqual(1);
      for (const url of p.image) expect(url).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
    }
    expect(await images().countDocuments()).toBe(2 * TOTAL_IMAGES);
  });

  it('stores the pack sizes of the products sold in several, the first repeated at the top; the others as before pack sizes', async () => {
    const stored = await t.connection.collection('products').find({}).toArray();
    const byName = new Map(stored.map((doc) => [doc.name as string, doc]));
    let sized = 0;
    for (const item of DEMO_CATALOGUE) {
      const doc = byName.get(item.name)!;
      const sizes = demoPackSizes(item);
      if (!sizes) {
        expect(doc.variants).toBeUndefined();
        continue;
      }
      sized++;
      expect(doc.variants).toEqual(sizes.map((size) => ({ _id: expect.any(Object), ...size, stock: null, inStock: true })));
      const ids = (doc.variants as { _id: unknown }[]).map((size) => String(size._id));
      expect(ids.every((id) => /^[0-9a-f]{24}$/.test(id) && id !== String(doc._id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      const [first] = doc.variants as { label: string; price: number; offerPrice: number; stock: null; inStock: boolean }[];
      expect({ weight: doc.weight, price: doc.price, offerPrice: doc.offerPrice, stock: doc.stock, inStock: doc.inStock }).toEqual({
        weight: first.label,
        price: first.price,
        offerPrice: first.offerPrice,
        stock: first.stock,
        inStock: first.inStock,
      });
    }
    expect(sized).toBeGreaterThanOrEqual(10);
  });

  it('serves every product image and thumbnail', async () => {
    const products = (await t.http().get('/api/productList').expect(200)).body.productsdata as ApiProduct[];
    for (const url of products.flatMap((p) => p.image)) {
      const thumb = await t.http().get(`${url}/thumb`).expect(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      await t.http().head(url).expect(200);
    }
  });

  it('adds nothing when run again', async () => {
    const before = await t.connection.collection('products').countDocuments();
    expect(await seeder.seedIfEmpty()).toBe(0);
    expect(await t.connection.collection('products').countDocuments()).toBe(before);
    expect(await images().countDocuments()).toBe(2 * TOTAL_IMAGES);
  });

  it('adds nothing when a second instance starts on the same database', async () => {
    const uri = process.env.MONGODB_URI!;
    const second = await bootOnDatabase(uri);
    try {
      const res = await request(second.getHttpServer()).get('/api/productList').expect(200);
      expect(res.body.productsdata).toHaveLength(DEMO_CATALOGUE.length);
    } finally {
      await second.close();
    }
    expect(await images().countDocuments()).toBe(2 * TOTAL_IMAGES);
  });

  it('inserts each product exactly once when two seeders race on an empty catalogue, leaving no orphan images', async () => {
    await t.connection.collection('products').deleteMany({});
    await images().deleteMany({});
    await t.connection.collection('images.chunks').deleteMany({});
    const [a, b] = await Promise.all([seeder.seedIfEmpty(), seeder.seedIfEmpty()]);
    expect(a + b).toBe(DEMO_CATALOGUE.length);
    expect(await t.connection.collection('products').countDocuments()).toBe(DEMO_CATALOGUE.length);
    expect(await images().countDocuments()).toBe(2 * TOTAL_IMAGES);
    expect(await t.connection.collection('images.chunks').countDocuments()).toBe(2 * TOTAL_IMAGES);
  });

  it('does not seed when the shop already has products of its own', async () => {
    await t.connection.collection('products').deleteMany({ name: { $ne: 'Toor Dal' } });
    expect(await seeder.seedIfEmpty()).toBe(0);
    expect(await t.connection.collection('products').countDocuments()).toBe(1);
  });
});

describe('demo catalogue switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leaves the catalogue empty when SEED_DEMO is false', async () => {
    const res = await t.http().get('/api/productList').expect(200);
    expect(res.body).toEqual({ success: true, productsdata: [] });
  });
});
