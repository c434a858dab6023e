import sharp from 'sharp';
import { AUTH_ENV, seller, type Agent } from './support/actors';
import { csvOf, dryRun, importEnded, postImport, row, type Product } from './support/catalogue-csv';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/waiting';
import { zipOf } from './support/zip-file';

/**
 * Catalogue imports that cannot apply (hardening round four, finding 4 and part of 7): a picture cell
 * that names no stored picture is a row error before anything is applied; a plan that cannot be
 * applied ends `failed` with what stopped it instead of being tried for ever; an import held by another
 * instance does not keep a starting instance from listening; cells are held to the product forms' text rules.
 */
describe('catalogue imports that cannot apply', () => {
  const started: TestApp[] = [];
  const start = async (options: { database?: string; sameModules?: boolean } = {}) => {
    const app = await createTestApp(AUTH_ENV, options);
    started.push(app);
    return app;
  };
  let png: Buffer;
  let otherPng: Buffer;

  beforeAll(async () => {
    [png, otherPng] = await Promise.all(
      ['#6a4', '#a46'].map((background) =>
        sharp({ create: { width: 40, height: 40, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    // Newest first: the last one closed drops the database they share.
    for (const app of started.splice(0).reverse()) await app.close();
  });

  const addProduct = async (agent: Agent, name: string) =>
    (
      await agent
        .post('/api/addproduct')
        .field('productData', JSON.stringify({ name, category: 'Dairy', variants: [{ label: '500 ml', price: 330, offerPrice: 310 }] }))
        .attach('image', png, { filename: 'p.png', contentType: 'image/png' })
        .expect(201)
    ).body.product as Product;
  const stored = (t: TestApp, name: string) => t.connection.collection('products').findOne({ name });
  /** The slot is given up just after the import's end is recorded. */
  const slotReleased = (t: TestApp) =>
    eventually(async () => (await t.connection.collection('catalogue_import_slot').countDocuments()) === 0, 'the import slot is released');
  const imageFiles = (t: TestApp) => t.connection.collection('images.files').countDocuments();
  const sizeRow = (product: Product, images: string) =>
    row({ name: product.name, category: 'Dairy', pack_size: '500 ml', price: 330, offer_price: 310, images, product_id: product._id });
  /** A pause of `method` on its first call, after it did its work: `reached` once there, `release()` lets it return. */
  const pauseAfter = <T extends object>(target: T, method: keyof T & string) => {
    const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const state = { reached: false, release };
    let calls = 0;
    jest.spyOn(target, method as never).mockImplementation((async (...args: unknown[]) => {
      const result = await original(...args);
      if (calls++ === 0) {
        state.reached = true;
        await gate;
      }
      return result;
    }) as never);
    return state;
  };

  it('a picture cell of /api/images/ text that is no stored picture is a row error: 409 with the line and column, nothing applied', async () => {
    const t = await start();
    const agent = await seller(t);
    const ghee = await addProduct(agent, 'Nandini Ghee');
    const [picture] = ghee.image;
    const before = await stored(t, 'Nandini Ghee');

    const wrong = csvOf([sizeRow(ghee, `${picture} | /api/images/not-a-picture`)]);
    const message =
      '/api/images/not-a-picture is not the address of a picture: write it as the export does (/api/images/ and its 24-character id), or put the file in the zip and write its name';
    expect((await dryRun(agent, wrong)).errors).toEqual([{ row: 2, column: 'images', message }]);
    const refused = await postImport(agent, wrong).expect(409);
    expect(refused.body).toEqual({ success: false, message: 'Nothing was imported: 1 problem to fix first', errors: [{ row: 2, column: 'images', message }] });

    // A picture the product shows but the shop no longer stores (its file lost): the same, when the import would write it.
    const lost = `/api/images/${'0'.repeat(24)}`;
    await t.connection.collection('products').updateOne({ _id: before!._id }, { $set: { image: [picture, lost] } });
    const reordered = csvOf([sizeRow(ghee, `${lost} | ${picture}`)]);
    const refusedLost = await postImport(agent, reordered).expect(409);
    expect(refusedLost.body.errors).toEqual([
      { row: 2, column: 'images', message: `${lost} is no longer stored: put the picture in the zip and write its file name, or leave it out` },
    ]);
    expect(await stored(t, 'Nandini Ghee')).toEqual({ ...before, image: [picture, lost] });
    expect(await t.connection.collection('catalogue_imports').countDocuments({ state: { $in: ['checking', 'applying'] } })).toBe(0);

    // Its pictures as they are (all stored) import, as unchanged.
    await t.connection.collection('products').updateOne({ _id: before!._id }, { $set: { image: [picture] } });
    const id = (await postImport(agent, csvOf([sizeRow(ghee, picture)])).expect(202)).body.importId as string;
    expect(await importEnded(agent, id)).toMatchObject({ state: 'done' });
  });

  it('a picture the seller removes while the import is prepared fails it before its commit point: nothing changed, its stored picture removed', async () => {
    const t = await start();
    const agent = await seller(t);
    const ghee = await addProduct(agent, 'Heritage Ghee');
    const [picture] = ghee.image;
    const { MediaService } = await import('../src/media/media.service');
    // The import stores the zip's picture, then waits there (before its commit point) until released.
    const paused = pauseAfter(t.app.get(MediaService), 'storePrepared');

    const csv = csvOf([sizeRow(ghee, `${picture} | fresh.png`)]);
    const id = (await postImport(agent, csv, { zip: zipOf([{ name: 'fresh.png', data: otherPng }]) }).expect(202)).body.importId as string;
    await eventually(() => paused.reached, 'the import stored its picture');
    // Meanwhile the seller replaces the product's picture: the old one is removed.
    const edited = await agent
      .patch(`/api/products/${ghee._id}`)
      .field('images', JSON.stringify(['new:0']))
      .attach('image', png, { filename: 'q.png', contentType: 'image/png' })
      .expect(200);
    await t.http().get(picture).expect(404);
    const filesAfterEdit = await imageFiles(t);
    paused.release();

    const progress = await importEnded(agent, id);
    expect(progress).toEqual({
      success: true,
      state: 'failed',
      done: 0,
      total: 1,
      errors: [],
      message: `Line 2: the picture ${picture} was removed while the import was being prepared: nothing was changed, import the file again`,
    });
    // As the seller left it, and the picture the import stored is gone again.
    expect((await stored(t, 'Heritage Ghee'))!.image).toEqual(edited.body.product.image);
    expect(await imageFiles(t)).toBe(filesAfterEdit - 2);
    await slotReleased(t);
  });

  it('a committed import whose planned writes cannot be made ends failed with what stopped it, and the next import may run', async () => {
    const t = await start();
    const agent = await seller(t);
    const { ImportJournal } = await import('../src/products/import/import-journal');
    const journal = t.app.get(ImportJournal);
    // Committed, then waiting until released: its planned writes are lost meanwhile.
    const paused = pauseAfter(journal, 'commit');
    const csv = csvOf(['Lost Paneer', 'Lost Curd'].map((name) => row({ name, category: 'Dairy', pack_size: '200 g', price: 90, offer_price: 85 })));
    const id = (await postImport(agent, csv).expect(202)).body.importId as string;
    await eventually(() => paused.reached, 'the import is committed');
    expect((await t.connection.collection('catalogue_import_writes').deleteOne({ _id: `${id}:0` as never })).deletedCount).toBe(1);
    paused.release();

    const progress = await importEnded(agent, id);
    expect(progress).toEqual({
      success: true,
      state: 'failed',
      done: 0,
      total: 2,
      errors: [],
      partlyApplied: true,
      message: `The import stopped part-way (its planned writes ${id}:0 are missing from the database). Some rows may already be applied: fix what is said and import the file again (rows already applied count as unchanged).`,
    });
    await slotReleased(t);
    // The same file again applies.
    const again = (await postImport(agent, csv).expect(202)).body.importId as string;
    expect(await importEnded(agent, again)).toMatchObject({ state: 'done', done: 2, total: 2 });
    const list = (await t.http().get('/api/productList').expect(200)).body.productsdata as Product[];
    expect(
      list
        .filter((p) => p.name.startsWith('Lost '))
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Lost Curd', 'Lost Paneer']);
  });

  it('an instance starting while another holds the import listens at once; its catalogue, asked meanwhile, answers as after', async () => {
    const a = await start();
    const agent = await seller(a);
    const { ImportWrites } = await import('../src/products/import/import-writes');
    const writes = a.app.get(ImportWrites);
    // The import's writes wait until released: its slot is held, alive, by the first instance.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let writing = false;
    const create = writes.create.bind(writes);
    jest.spyOn(writes, 'create').mockImplementation(async (planned) => {
      writing = true;
      await gate;
      return create(planned);
    });
    const csv = csvOf(Array.from({ length: 3 }, (_, i) => row({ name: `Held Rusk ${i}`, category: 'Bakery', pack_size: '200 g', price: 40, offer_price: 36 })));
    const id = (await postImport(agent, csv).expect(202)).body.importId as string;
    await eventually(() => writing, 'the import is applying');

    // A second instance on the same database and Redis (a restart beside it): started while the slot is held.
    const b = await start({ database: a.connection.name, sameModules: true });
    expect(await b.connection.collection('catalogue_import_slot').findOne({})).toMatchObject({ importId: id });
    const health = await b.http().get('/api/health').expect(200);
    expect(health.body.startup.running).toContain('catalogue import left half-way');
    // Asked now, its catalogue answers once the import is done: as after, never half.
    const listing = b
      .http()
      .get('/api/productList')
      .expect(200)
      .then((res) => (res.body.productsdata as Product[]).filter((p) => p.name.startsWith('Held Rusk')).length);
    release();

    expect(await importEnded(agent, id)).toMatchObject({ state: 'done', done: 3, total: 3 });
    expect(await listing).toBe(3);
    await eventually(
      async () => !(await b.http().get('/api/health').expect(200)).body.startup.running.includes('catalogue import left half-way'),
      'the second instance no longer waits',
    );
  });

  it('cells with control characters or text-direction overrides are refused as the product forms refuse them; text is stored NFC', async () => {
    const t = await start();
    const agent = await seller(t);
    const count = await t.connection.collection('products').countDocuments();
    const csv = csvOf([
      row({ name: 'Amul \u202eesaehC', category: 'Dairy', pack_size: '200 g', price: 120, offer_price: 110 }),
      row({ name: 'Amul Butter', category: 'Dairy', pack_size: '100\u0000 g', price: 60, offer_price: 58 }),
      row({ name: 'Amul Lassi', category: 'Dairy', pack_size: '200 ml', price: 25, offer_price: 25, description: 'Sweet\u0085 and cold' }),
    ]);
    const errors = [
      { row: 2, column: 'name', message: 'name contains control or text-direction characters that are not allowed' },
      { row: 3, column: 'pack_size', message: 'pack_size contains control or text-direction characters that are not allowed' },
      { row: 4, column: 'description', message: 'description contains control or text-direction characters that are not allowed' },
    ];
    expect((await dryRun(agent, csv)).errors).toEqual(errors);
    expect((await postImport(agent, csv).expect(409)).body).toEqual({ success: false, message: 'Nothing was imported: 3 problems to fix first', errors });
    expect(await t.connection.collection('products').countDocuments()).toBe(count);
    // The form refuses the same name with the same words.
    const form = await agent
      .post('/api/addproduct')
      .field('productData', JSON.stringify({ name: 'Amul \u202eesaehC', category: 'Dairy', variants: [{ label: '200 g', price: 120, offerPrice: 110 }] }))
      .attach('image', png, { filename: 'p.png', contentType: 'image/png' })
      .expect(400);
    expect(form.body.message).toContain('contains control or text-direction characters that are not allowed');

    // "e" and a combining acute accent: stored as one "é", as the forms store it.
    const id = (
      await postImport(agent, csvOf([row({ name: 'Cafe\u0301 Latte', category: 'Drinks', pack_size: '200 ml', price: 90, offer_price: 85 })])).expect(202)
    ).body.importId as string;
    expect(await importEnded(agent, id)).toMatchObject({ state: 'done' });
    expect(await stored(t, 'Caf\u00e9 Latte')).toMatchObject({ name: 'Caf\u00e9 Latte' });
  });
});
