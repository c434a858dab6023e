import sharp from 'sharp';
import { AUTH_ENV, seller, type Agent } from './support/actors';
import { csvOf, postImport, row, type Product } from './support/catalogue-csv';
import { createTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/waiting';
import { zipOf } from './support/zip-file';

/**
 * A shop stopped in the middle of a catalogue import (issue 38) restarts with the catalogue either as
 * before or as after, never half. The stop is made by failing the import's own writes at a chosen
 * point and closing the app there; the next app on the same database is the restart.
 */
describe('a shop stopped mid-import', () => {
  const started: TestApp[] = [];
  const start = async (database?: string) => {
    const app = await createTestApp(AUTH_ENV, database ? { database } : {});
    started.push(app);
    return app;
  };
  /** Closes the app as a stopped process leaves it: the database stays, the slot is left as it was, then found stale. */
  const stop = async (app: TestApp) => {
    await app.app.close();
    started.splice(started.indexOf(app), 1);
  };
  /** What the stopped process left: its slot, unrefreshed from now on, is stale once SLOT_STALE_MS have passed (written so, not waited for). */
  const leaveSlotStale = async (database: string) => {
    const { MongoClient } = await import('mongodb');
    const client = await MongoClient.connect(`${process.env.TEST_MONGODB_BASE_URI}${database}`);
    try {
      await client
        .db()
        .collection('catalogue_import_slot')
        .updateOne({ _id: 'catalogue' as never }, { $set: { aliveAt: new Date(0) } });
    } finally {
      await client.close();
    }
  };
  const named = async (app: TestApp, prefix: string) =>
    ((await app.http().get('/api/productList').expect(200)).body.productsdata as Product[]).filter((p) => p.name.startsWith(prefix));
  const importOf = async (app: TestApp, id: string) =>
    (await app.connection.collection('catalogue_imports').findOne({ _id: new (await import('mongodb')).ObjectId(id) }))!;

  afterEach(async () => {
    // The last app of each test drops the database.
    for (const app of started.splice(0)) await app.close();
  });

  it('after the commit point: the writes left are made before the restarted shop shows its catalogue', async () => {
    const a = await start();
    const database = a.connection.name;
    const sellerA: Agent = await seller(a);
    const { ImportWrites } = await import('../src/products/import/import-writes');
    const writes = a.app.get(ImportWrites);
    const create = writes.create.bind(writes);
    let calls = 0;
    // The first 200 products are written, then the process "stops" (every write fails until it is closed).
    jest.spyOn(writes, 'create').mockImplementation(async (planned) => {
      if (calls++ > 0) throw new Error('the shop stopped');
      return create(planned);
    });
    const csv = csvOf(
      Array.from({ length: 300 }, (_, i) => row({ name: `Halted Namkeen ${i}`, category: 'Instant', pack_size: '200 g', price: 50, offer_price: 45 })),
    );
    const id = (await postImport(sellerA, csv).expect(202)).body.importId as string;
    await eventually(async () => calls >= 2, 'the import stopped half-way');
    expect(await a.connection.collection('products').countDocuments({ name: /^Halted Namkeen/ })).toBe(200);
    expect((await importOf(a, id)).state).toBe('applying');
    // Half is written, none of it is shown.
    expect(await named(a, 'Halted Namkeen')).toHaveLength(0);
    await stop(a);
    await leaveSlotStale(database);

    const b = await start(database);
    // The first answer of the restarted shop is the catalogue as after.
    expect(await named(b, 'Halted Namkeen')).toHaveLength(300);
    expect(await b.connection.collection('products').countDocuments({ name: /^Halted Namkeen/ })).toBe(300);
    const progress = (await (await seller(b)).get(`/api/seller/products/import/${id}`).expect(200)).body;
    expect(progress).toMatchObject({ state: 'done', done: 300, total: 300 });
    expect(await b.connection.collection('catalogue_import_slot').countDocuments()).toBe(0);
  });

  it('before the commit point: the import is dropped with the pictures it stored, and the catalogue is as before', async () => {
    const a = await start();
    const database = a.connection.name;
    const sellerA = await seller(a);
    const { ImportJournal } = await import('../src/products/import/import-journal');
    const journal = a.app.get(ImportJournal);
    let committing = false;
    // The process "stops" while storing the planned writes: the commit never comes.
    jest.spyOn(journal, 'commit').mockImplementation(() => {
      committing = true;
      return new Promise<number>(() => undefined);
    });
    const files = () => a.connection.collection('images.files').countDocuments();
    const before = await files();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const csv = csvOf([row({ name: 'Unlucky Jaggery', category: 'Grains', pack_size: '1 kg', price: 90, offer_price: 85, images: 'jaggery.png' })]);
    const id = (await postImport(sellerA, csv, { zip: zipOf([{ name: 'jaggery.png', data: png }]) }).expect(202)).body.importId as string;
    await eventually(() => committing, 'the import is storing its writes');
    expect(await files()).toBe(before + 2);
    await stop(a);
    await leaveSlotStale(database);

    const b = await start(database);
    expect(await named(b, 'Unlucky Jaggery')).toHaveLength(0);
    expect(await b.connection.collection('products').countDocuments({ name: 'Unlucky Jaggery' })).toBe(0);
    expect(await b.connection.collection('images.files').countDocuments()).toBe(before);
    const progress = (await (await seller(b)).get(`/api/seller/products/import/${id}`).expect(200)).body;
    expect(progress).toMatchObject({ state: 'failed', message: 'The shop stopped before this import was applied: nothing was changed, import the file again' });
    // The next import may run.
    expect(
      (
        await postImport(await seller(b), csvOf([row({ name: 'Lucky Jaggery', category: 'Grains', pack_size: '1 kg', price: 90, offer_price: 85 })])).expect(
          202,
        )
      ).body.importId,
    ).toBeDefined();
  });
});
