import sharp from 'sharp';
import request from 'supertest';
import { CATALOGUE_CSV_COLUMNS } from '@greencart/domain';
import { AUTH_ENV, seller, shopper, type Agent } from './support/actors';
import { csvOf, dryRun as checkImport, ean, importEnded, postImport, row, type Product, type Size } from './support/catalogue-csv';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/waiting';
import { zipOf } from './support/zip-file';

/** Catalogue import and export as CSV with pictures, SKUs and barcodes (issue 38). */

describe('catalogue import and export', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let png: Buffer;

  const post = (csv: Buffer, options: { dryRun?: boolean; zip?: Buffer; agent?: Agent } = {}) => postImport(options.agent ?? sellerAgent, csv, options);
  const dryRun = (csv: Buffer, zip?: Buffer) => checkImport(sellerAgent, csv, zip);
  /** Imports for real and waits until it is done; the final progress answer. */
  const apply = async (csv: Buffer, zip?: Buffer) => {
    const started = await post(csv, { zip }).expect(202);
    const progress = await importEnded(sellerAgent, started.body.importId as string);
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

  const form = (req: request.Test, productData: unknown) =>
    req.field('productData', JSON.stringify(productData)).attach('image', png, { filename: 'p.png', contentType: 'image/png' });
  const addProduct = (data: unknown) => form(sellerAgent.post('/api/addproduct'), data);
  const stored = (name: string) => t.connection.collection('products').findOne({ name });
  const productCount = () => t.connection.collection('products').countDocuments();

  describe('SKUs and barcodes of pack sizes', () => {
    it('are taken by the add and edit forms, shown in the product JSON and found by search typed exactly', async () => {
      const added = await addProduct({
        name: 'Aashirvaad Atta',
        category: 'Grains',
        variants: [
          { label: '1 kg', price: 68, offerPrice: 62, sku: 'ATTA-1KG', barcode: ean('890123400001') },
          { label: '5 kg', price: 310, offerPrice: 285, sku: 'ATTA-5KG' },
        ],
      }).expect(201);
      const atta = added.body.product as Product;
      expect(atta.variants.map(({ sku, barcode }) => ({ sku, barcode }))).toEqual([{ sku: 'ATTA-1KG', barcode: ean('890123400001') }, { sku: 'ATTA-5KG' }]);

      // The shop's search and the seller's list search (the same endpoint) find it by either code.
      expect((await products('atta-5kg'))[0]._id).toBe(atta._id);
      const byBarcode = await t
        .http()
        .get(`/api/products?search=${ean('890123400001')}`)
        .expect(200);
      expect(byBarcode.body.products.map((p: Product) => p._id)).toEqual([atta._id]);

      // Unique in the shop, in any case: 409 naming it.
      const taken = await addProduct({
        name: 'Chakki Atta',
        category: 'Grains',
        variants: [{ label: '1 kg', price: 60, offerPrice: 55, sku: 'atta-1kg' }],
      }).expect(409);
      expect(taken.body).toEqual({ success: false, message: 'The SKU atta-1kg is already used by "Aashirvaad Atta 1 kg"' });
      const badBarcode = await addProduct({
        name: 'Chakki Atta',
        category: 'Grains',
        variants: [{ label: '1 kg', price: 60, offerPrice: 55, barcode: ean('890123400002').slice(0, -1) + '0' }],
      });
      expect(badBarcode.status).toBe(400);
      expect(badBarcode.body.message).toMatch(/The barcode of "1 kg": The EAN-13 barcode \d+ is mistyped: its last \(check\) digit should be \d/);
      const badSku = await addProduct({
        name: 'Chakki Atta',
        category: 'Grains',
        variants: [{ label: '1 kg', price: 60, offerPrice: 55, sku: 'ATTA 1' }],
      }).expect(400);
      expect(badSku.body.message).toContain('The SKU of "1 kg": A SKU is 1 to 40 of the letters');

      // An edit that leaves them out keeps them; null removes one; its own SKU again is no conflict.
      const [one, five] = atta.variants;
      const edited = await form(sellerAgent.patch(`/api/products/${atta._id}`), {
        variants: [
          { _id: one._id, label: '1 kg', price: 70, offerPrice: 64 },
          { _id: five._id, label: '5 kg', price: 310, offerPrice: 285, sku: null, barcode: ean('890123400003') },
        ],
      })
        .field('images', JSON.stringify(['new:0']))
        .expect(200);
      expect(edited.body.product.variants.map(({ sku, barcode }: Size) => ({ sku, barcode }))).toEqual([
        { sku: 'ATTA-1KG', barcode: ean('890123400001') },
        { sku: undefined, barcode: ean('890123400003') },
      ]);
      const moved = await form(sellerAgent.patch(`/api/products/${atta._id}`), {
        variants: [{ _id: one._id, label: '1 kg', price: 70, offerPrice: 64, sku: 'ATTA-5KG' }],
      })
        .field('images', JSON.stringify(['new:0']))
        .expect(200);
      expect(moved.body.product.variants).toEqual([expect.objectContaining({ sku: 'ATTA-5KG' })]);
    });
  });

  describe('export and import', () => {
    it('exports one row per pack size with a BOM, harmless formula cells, and reads back as all unchanged', async () => {
      await addProduct({
        name: '=HYPERLINK("http://evil.example","Click")',
        description: 'Looks like a formula\n+91 helpline',
        category: 'Instant',
        variants: [
          { label: '70 g', price: 14, offerPrice: 14, sku: 'MAGGI-70', stock: 30 },
          { label: 'Pack of 4', price: 56, offerPrice: 52 },
        ],
      }).expect(201);
      const res = await exportCsv();
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="greencart-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = (res.body as Buffer).toString('utf8');
      expect(
        text.startsWith(
          '\uFEFF"sku","barcode","name","category","description","pack_size","size_amount","size_unit","price","offer_price","stock","in_stock","images","product_id","variant_id","gst_rate"\r\n',
        ),
      ).toBe(true);
      const lines = text.slice(1).trim().split('\r\n');
      const maggi = lines.filter((l) => l.includes('HYPERLINK'));
      expect(maggi).toHaveLength(2);
      // The name starts with "=", the description with "L" (its second line "+91" joined by " | ", so the cell itself is safe).
      expect(maggi[0]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      expect(maggi[0]).toContain('"Looks like a formula | +91 helpline","70 g",70,"g",14.00,14.00,30,yes,"/api/images/');
      expect(maggi[1]).toContain('"Pack of 4",4,"pc",56.00,52.00,,yes,');

      const before = await t.connection.collection('products').find().toArray();
      const check = await dryRun(res.body as Buffer);
      expect(check).toEqual({ success: true, dryRun: true, create: 0, update: 0, unchanged: lines.length - 1, errors: [] });
      await apply(res.body as Buffer);
      // Nothing written: every product as it was, to its stock version and update time.
      expect(await t.connection.collection('products').find().toArray()).toEqual(before);
    });

    it('names every wrong row of 200 new ones plus 3 wrong, applies nothing; fixed, applies all; the same file again changes nothing', async () => {
      const good = Array.from({ length: 100 }, (_, i) =>
        ['500 g', '1 kg'].map((label, k) =>
          row({
            sku: `DAL-${i}-${k}`,
            name: `Toor Dal No. ${i}`,
            category: 'Grains',
            description: 'Unpolished | From Latur',
            pack_size: label,
            price: 80 + k * 70,
            offer_price: 75 + k * 65,
            stock: k === 0 ? 10 + i : '',
          }),
        ),
      ).flat();
      const wrong = [
        row({ sku: 'RICE-1', name: 'Sona Masoori', category: 'Grains', pack_size: '5 kg', price: '4OO', offer_price: 380 }),
        row({ sku: 'DAL-7-1', name: 'Moong Dal', category: 'Grains', pack_size: '1 kg', price: 150, offer_price: 140 }),
        row({ sku: 'CHIPS-1', name: 'Banana Chips', category: 'Snacks', pack_size: '200 g', price: 90, offer_price: 85 }),
      ];
      // The wrong rows among the good ones: lines 42, 103 and 204 of the file (the header is line 1).
      const rows = [...good.slice(0, 40), wrong[0], ...good.slice(40, 100), wrong[1], ...good.slice(100), wrong[2]];
      const count = await productCount();
      const check = await dryRun(csvOf(rows));
      expect(check.errors).toEqual([
        { row: 42, column: 'price', message: 'price must be an amount in rupees above 0 with at most 2 decimals (at most 1000000), e.g. 45 or 45.50' },
        { row: 103, column: 'sku', message: 'The SKU DAL-7-1 is also on line 17: each SKU must be different' },
        { row: 204, column: 'category', message: '"Snacks" is not a category: use one of Vegetables, Fruits, Drinks, Instant, Dairy, Bakery, Grains' },
      ]);
      expect(check).toMatchObject({ create: 200, update: 0, unchanged: 0 });
      // Without dryRun: refused whole, the same errors, nothing applied.
      const refused = await post(csvOf(rows)).expect(409);
      expect(refused.body).toEqual({ success: false, message: 'Nothing was imported: 3 problems to fix first', errors: check.errors });
      expect(await productCount()).toBe(count);

      const fixed = [
        ...good.slice(0, 40),
        wrong[0].replace('4OO', '400'),
        ...good.slice(40, 100),
        wrong[1].replace('DAL-7-1', 'MOONG-1'),
        ...good.slice(100),
        wrong[2].replace('Snacks', 'Instant'),
      ];
      expect(await dryRun(csvOf(fixed))).toEqual({ success: true, dryRun: true, create: 203, update: 0, unchanged: 0, errors: [] });
      const progress = await apply(csvOf(fixed));
      expect(progress).toMatchObject({ state: 'done', done: 203, total: 203 });
      expect(await productCount()).toBe(count + 103);
      // All visible to shoppers, with their sizes, prices and counts.
      const list = (await t.http().get('/api/productList').expect(200)).body.productsdata as Product[];
      const dal = list.filter((p) => p.name.startsWith('Toor Dal No. '));
      expect(dal).toHaveLength(100);
      expect(list.find((p) => p.name === 'Toor Dal No. 7')!.variants).toMatchObject([
        { label: '500 g', price: 80, offerPrice: 75, stock: 17, sku: 'DAL-7-0' },
        { label: '1 kg', price: 150, offerPrice: 140, stock: null, sku: 'DAL-7-1' },
      ]);
      expect(list.find((p) => p.name === 'Sona Masoori')).toMatchObject({ category: 'Grains', price: 400, offerPrice: 380 });

      // The same file again: nothing to do, nothing written.
      const before = await t.connection.collection('products').find().toArray();
      expect(await dryRun(csvOf(fixed))).toEqual({ success: true, dryRun: true, create: 0, update: 0, unchanged: 203, errors: [] });
      await apply(csvOf(fixed));
      expect(await t.connection.collection('products').find().toArray()).toEqual(before);

      // A change of prices before Diwali: only the rows that change are updates.
      const diwali = fixed.map((r) => (r.includes('"Toor Dal No. 3"') || r.includes(',Toor Dal No. 3,') ? r.replace(',80,75,', ',80,69,') : r));
      expect(await dryRun(csvOf(diwali))).toMatchObject({ create: 0, update: 1, unchanged: 202, errors: [] });
      await apply(csvOf(diwali));
      expect((await products('Toor Dal No. 3'))[0].variants[0]).toMatchObject({ offerPrice: 69 });
    });
  });

  describe('pictures from a zip', () => {
    it('stores named pictures as uploads are stored; an unsafe path, a non-image and a zip bomb are row errors; the same zip again stores nothing', async () => {
      const jpeg = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#c30' } })
        .jpeg()
        .toBuffer();
      const zip = zipOf([
        { name: 'photos/ghee.jpg', data: jpeg },
        { name: 'ghee-back.png', data: png },
        { name: '../evil.png', data: png },
        { name: 'notes.png', data: Buffer.from('not a picture at all') },
        { name: 'bomb.png', data: Buffer.alloc(20 * 1024 * 1024) },
      ]);
      const rows = [
        row({ name: 'Amul Ghee', category: 'Dairy', pack_size: '500 ml', price: 330, offer_price: 310, images: 'ghee.jpg | ghee-back.png' }),
        row({ name: 'Evil Paneer', category: 'Dairy', pack_size: '200 g', price: 90, offer_price: 85, images: '../evil.png' }),
        row({ name: 'Evil Curd', category: 'Dairy', pack_size: '400 g', price: 40, offer_price: 38, images: 'evil.png' }),
        row({ name: 'Text Butter', category: 'Dairy', pack_size: '100 g', price: 60, offer_price: 58, images: 'notes.png' }),
        row({ name: 'Bomb Cheese', category: 'Dairy', pack_size: '200 g', price: 120, offer_price: 110, images: 'bomb.png' }),
        row({ name: 'Missing Lassi', category: 'Dairy', pack_size: '200 ml', price: 25, offer_price: 25, images: 'lassi.jpg' }),
      ];
      const check = await dryRun(csvOf(rows), zip);
      expect(check.errors).toEqual([
        { row: 3, column: 'images', message: '../evil.png: a picture\'s name must be a file in the zip, without ".." or a leading "/"' },
        { row: 4, column: 'images', message: '../evil.png: a file of the zip with an unsafe path ("..", or starting with "/") is not read' },
        { row: 5, column: 'images', message: 'notes.png: Only JPEG, PNG, WebP, AVIF or GIF images are allowed' },
        { row: 6, column: 'images', message: 'bomb.png is larger than 5 MB' },
        { row: 7, column: 'images', message: 'lassi.jpg is not in the pictures zip' },
      ]);
      // Without the zip, the rows naming pictures say so.
      expect((await dryRun(csvOf(rows.slice(0, 1)))).errors).toEqual([
        { row: 2, column: 'images', message: 'ghee.jpg: send the pictures zip with the file (field "images")' },
        { row: 2, column: 'images', message: 'ghee-back.png: send the pictures zip with the file (field "images")' },
      ]);

      const files = () => t.connection.collection('images.files').countDocuments();
      const filesBefore = await files();
      await apply(csvOf(rows.slice(0, 1)), zip);
      const [ghee] = await products('amul ghee');
      expect(ghee.image).toHaveLength(2);
      const picture = await t.http().get(ghee.image[0]).expect(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect(await files()).toBe(filesBefore + 4);

      // The same file and zip again: the pictures are found stored already.
      expect(await dryRun(csvOf(rows.slice(0, 1)), zip)).toMatchObject({ create: 0, update: 0, unchanged: 1, errors: [] });
      // So is the export, naming them by URL.
      const exported = ((await exportCsv()).body as Buffer).toString('utf8');
      expect(exported).toContain(`"${ghee.image.join(' | ')}"`);
    });
  });

  describe('files as spreadsheets save them', () => {
    it('reads ";" separated files with or without a BOM, headers in any order and case', async () => {
      const semicolons = Buffer.from(
        [
          'Name;Offer Price;PRICE;Pack Size;category;SKU;Description',
          'Parle-G;10;10;Pack of 1;Bakery;PARLEG-1;"Glucose biscuits; since 1939"',
          'Parle-G;45;48;Pack of 5;Bakery;PARLEG-5;',
        ].join('\n'),
      );
      for (const file of [semicolons, Buffer.concat([Buffer.from('\uFEFF'), semicolons])]) {
        expect(await dryRun(file)).toEqual({ success: true, dryRun: true, create: 2, update: 0, unchanged: 0, errors: [] });
      }
      await apply(Buffer.concat([Buffer.from('\uFEFF'), semicolons]));
      const [parle] = await products('PARLEG-5');
      expect(parle).toMatchObject({ name: 'Parle-G', category: 'Bakery', description: ['Glucose biscuits; since 1939'] });
      expect(parle.variants).toMatchObject([
        { label: 'Pack of 1', price: 10, offerPrice: 10, sku: 'PARLEG-1' },
        { label: 'Pack of 5', price: 48, offerPrice: 45, sku: 'PARLEG-5' },
      ]);
    });

    it('gives a template with the header and two example rows', async () => {
      const res = await sellerAgent.get('/api/seller/products/import/template.csv').expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toBe(CATALOGUE_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
      // Its rows are good rows of one new product (named otherwise here: this shop has an Aashirvaad Atta): only its picture is missing.
      const own = Buffer.from(res.text.replace(/Aashirvaad Atta/g, 'Template Atta').replace(/ATTA-/g, 'TPL-'));
      // (A wrong row is not counted: the other is one to create.)
      expect(await dryRun(own)).toMatchObject({
        create: 1,
        errors: [{ row: 2, column: 'images', message: 'atta.jpg: send the pictures zip with the file (field "images")' }],
      });
    });
  });

  describe('who may import', () => {
    it('a shopper is refused (403), a signed-out caller too (401)', async () => {
      const asha = (await shopper(t, 'Asha')).agent;
      const csv = csvOf([row({ name: 'Sneaky Salt', category: 'Grains', pack_size: '1 kg', price: 20, offer_price: 20 })]);
      for (const agent of [asha, request.agent(t.app.getHttpServer())]) {
        const status = agent === asha ? 403 : 401;
        await agent.get('/api/seller/products.csv').expect(status);
        await agent.get('/api/seller/products/import/template.csv').expect(status);
        await agent.get('/api/seller/products/import/665f1c2ab0c4f1a2b3c4d5e6').expect(status);
        await post(csv, { agent }).expect(status);
        await post(csv, { agent, dryRun: true }).expect(status);
      }
      expect(await stored('Sneaky Salt')).toBeNull();
    });
  });

  describe('one import at a time', () => {
    it('refuses a second import while one runs, with a clear 409', async () => {
      const file = (prefix: string) =>
        csvOf(
          Array.from({ length: 300 }, (_, i) => row({ name: `${prefix} Biscuit ${i}`, category: 'Bakery', pack_size: '100 g', price: 20, offer_price: 18 })),
        );
      const answers = await Promise.all([post(file('Marie')), post(file('Bourbon'))]);
      expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body).toEqual({ success: false, message: 'Another catalogue import is running: wait until it is done, then try again' });
      const id = answers.find((a) => a.status === 202)!.body.importId as string;
      await eventually(async () => (await sellerAgent.get(`/api/seller/products/import/${id}`)).body.state === 'done', 'the first import is done', 30_000);
      // Once it is done, the next one may run.
      await apply(csvOf([row({ name: 'Good Day', category: 'Bakery', pack_size: '100 g', price: 25, offer_price: 22 })]));
    });
  });
});
