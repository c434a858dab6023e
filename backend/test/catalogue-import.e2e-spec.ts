import sharp from 'sharp';
import request from 'supertest';
import { CATALOGUE_CSV_COLUMNS, gtinCheckDigit } from '@greencart/domain';
import { AUTH_ENV, seller, shopper, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/waiting';
import { zipOf } from './support/zip-file';

/** Catalogue import and export as CSV with pictures, SKUs and barcodes (issue 38). */

const HEADER = CATALOGUE_CSV_COLUMNS.join(',');

interface Size {
  _id: string;
  label: string;
  price: number;
  offerPrice: number;
  stock: number | null;
  inStock: boolean;
  sku?: string;
  barcode?: string;
}
interface Product {
  _id: string;
  name: string;
  category: string;
  image: string[];
  variants: Size[];
}
interface Check {
  success: boolean;
  dryRun: true;
  create: number;
  update: number;
  unchanged: number;
  errors: { row: number; column: string; message: string }[];
}

const ean = (body: string) => `${body}${gtinCheckDigit(body)}`;
/** A CSV line from cells (quoted when they need it). */
const line = (cells: readonly (string | number)[], separator = ',') =>
  cells.map((cell) => (/[",;\n|]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(separator);
/** A row in the export's columns from the fields given (the others empty). */
const row = (fields: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string | number>>) =>
  line(CATALOGUE_CSV_COLUMNS.map((column) => fields[column] ?? ''));
const csvOf = (rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n');

describe('catalogue import and export', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let png: Buffer;

  const post = (csv: Buffer, options: { dryRun?: boolean; zip?: Buffer; agent?: Agent } = {}) => {
    let req = (options.agent ?? sellerAgent)
      .post(`/api/seller/products/import${options.dryRun ? '?dryRun=true' : ''}`)
      .attach('file', csv, { filename: 'catalogue.csv', contentType: 'text/csv' });
    if (options.zip) req = req.attach('images', options.zip, { filename: 'pictures.zip', contentType: 'application/zip' });
    return req;
  };
  const dryRun = async (csv: Buffer, zip?: Buffer): Promise<Check> => (await post(csv, { dryRun: true, zip }).expect(200)).body as Check;
  /** Imports for real and waits until it is done; the final progress answer. */
  const apply = async (csv: Buffer, zip?: Buffer) => {
    const started = await post(csv, { zip }).expect(202);
    const id = started.body.importId as string;
    let progress: { state: string; done: number; total: number } = { state: 'checking', done: 0, total: 0 };
    await eventually(
      async () => {
        progress = (await sellerAgent.get(`/api/seller/products/import/${id}`).expect(200)).body;
        return progress.state === 'done' || progress.state === 'failed';
      },
      'the import is done',
      30_000,
      () => progress,
    );
    expect(progress.state).toBe('done');
    return progress;
  };
  const products = async (search?: string): Promise<Product[]> =>
    (
      await t
        .http()
        .get(`/api/products?limit=100${search ? `&search=${encodeURIComponent(search)}` : ''}`)
        .expect(200)
    ).body.products;
  const exportCsv = async () => {
    const res = await sellerAgent
      .get('/api/seller/products.csv')
      .buffer(true)
      .parse((r, done) => {
        const parts: Buffer[] = [];
        r.on('data', (part: Buffer) => parts.push(part));
        r.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(res.status).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    sellerAgent = await seller(t);
    png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#6a4' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('smoke: a new product in two sizes is imported and shoppers see it', async () => {
    const csv = csvOf([
      row({
        sku: 'TEA-250',
        barcode: ean('890000000001'),
        name: 'Tata Tea Gold',
        category: 'Drinks',
        pack_size: '250 g',
        price: 160,
        offer_price: 150,
        stock: 12,
      }),
      row({ sku: 'TEA-500', name: 'Tata Tea Gold', category: 'Drinks', pack_size: '500 g', price: 310, offer_price: 290 }),
    ]);
    expect(await dryRun(csv)).toEqual({ success: true, dryRun: true, create: 2, update: 0, unchanged: 0, errors: [] });
    await apply(csv);
    const [tea] = await products('tata tea gold');
    expect(tea.variants).toMatchObject([
      { label: '250 g', price: 160, offerPrice: 150, stock: 12, sku: 'TEA-250', barcode: ean('890000000001') },
      { label: '500 g', price: 310, offerPrice: 290, stock: null, sku: 'TEA-500' },
    ]);
    expect(await dryRun(csv)).toMatchObject({ create: 0, update: 0, unchanged: 2, errors: [] });
    void png;
    void zipOf;
    void request;
    void shopper;
    void exportCsv;
  });
});
