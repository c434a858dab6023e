import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mongo } from 'mongoose';
import { backupDatabase, restoreDatabase } from '../src/database/backup';
import { ferretBinaryPath, startEmbeddedDatabase, type RunningDatabase } from '../src/database/embedded-database';
import { makePrivate } from '../src/database/private-files';

/** Every file and folder under `dir` with its permission bits. */
function modes(dir: string): { path: string; mode: number; folder: boolean }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => {
    const stat = statSync(join(dir, name));
    return { path: name, mode: stat.mode & 0o777, folder: stat.isDirectory() };
  });
}

const canRun = !!process.env.FERRETDB_BIN || existsSync(ferretBinaryPath());

(canRun ? describe : describe.skip)('backups of the embedded database, and one server per data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'greencart-backup-'));
  const live = join(root, 'live');
  const restored = join(root, 'restored');
  const backup = join(root, 'backup');
  let db: RunningDatabase;
  let client: mongo.MongoClient;
  let previous: string | undefined;

  beforeAll(async () => {
    previous = process.env.GREENCART_EMBEDDED;
    process.env.GREENCART_EMBEDDED = 'ferretdb';
    db = await startEmbeddedDatabase({ dataDir: live, log: () => undefined });
    client = await mongo.MongoClient.connect(db.uri);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await db?.stop();
    process.env.GREENCART_EMBEDDED = previous;
    rmSync(root, { recursive: true, force: true });
  });

  it('the database files are the owner’s alone: folders 700, files 600, also in a folder made before with 755/644', async () => {
    await client.db('greencart').collection('private').insertOne({ secret: 'a shopper’s phone number' });
    const found = modes(live);
    expect(found.filter((f) => !f.folder).map((f) => f.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\.sqlite/)]));
    for (const entry of found) expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({ path: entry.path, mode: entry.folder ? '700' : '600' });
    expect((statSync(live).mode & 0o777).toString(8)).toBe('700');

    const older = join(root, 'older');
    mkdirSync(join(older, 'ferretdb'), { recursive: true, mode: 0o755 });
    chmodSync(older, 0o755);
    writeFileSync(join(older, 'ferretdb', 'greencart.sqlite'), 'x', { mode: 0o644 });
    writeFileSync(join(older, 'secrets.json'), '{}', { mode: 0o640 });
    makePrivate(older);
    expect(
      modes(older)
        .map((f) => [f.path, f.mode.toString(8)])
        .sort(),
    ).toEqual([
      ['ferretdb', '700'],
      ['ferretdb/greencart.sqlite', '600'],
      ['secrets.json', '600'],
    ]);
    expect((statSync(older).mode & 0o777).toString(8)).toBe('700');
  });

  it('refuses a second server on the same data folder with a clear message', async () => {
    await expect(startEmbeddedDatabase({ dataDir: live, log: () => undefined })).rejects.toThrow(/already using the data folder/);
  });

  it('round trip: back up while running, add data, restore into an empty folder: the added data is gone, the rest intact', async () => {
    const shop = client.db('greencart');
    const id = new mongo.ObjectId();
    await shop.collection('products').insertMany([
      { _id: id, name: 'Apple', offerPrice: 33.33, createdAt: new Date('2026-11-01T10:00:00Z') },
      { name: 'Milk', offerPrice: 30, createdAt: new Date() },
    ]);
    await shop.collection('images.chunks').insertOne({ _id: new mongo.ObjectId(), n: 0, data: new mongo.Binary(Buffer.from([0, 1, 2, 255])) });
    await shop.collection('users').createIndex({ email: 1 }, { unique: true });
    await shop.collection('users').insertOne({ email: 'asha@example.com', firstName: 'Asha' });

    const manifest = await backupDatabase(db.uri, 'greencart', backup);
    expect(manifest.collections).toMatchObject({ products: 2, users: 1, 'images.chunks': 1 });

    await shop.collection('products').insertOne({ name: 'Added after the backup' });

    const target = await startEmbeddedDatabase({ dataDir: restored, log: () => undefined });
    try {
      await restoreDatabase(target.uri, 'greencart', backup);
      const copy = await mongo.MongoClient.connect(target.uri);
      try {
        const names = (await copy.db('greencart').collection('products').find().toArray()).map((p) => p.name).sort();
        expect(names).toEqual(['Apple', 'Milk']);
        const apple = await copy.db('greencart').collection('products').findOne({ _id: id });
        expect(apple).toMatchObject({ name: 'Apple', offerPrice: 33.33, createdAt: new Date('2026-11-01T10:00:00Z') });
        const chunk = await copy.db('greencart').collection('images.chunks').findOne({});
        expect(Buffer.from(chunk!.data.buffer)).toEqual(Buffer.from([0, 1, 2, 255]));
        // Indexes come back too: the unique email index still refuses a duplicate.
        await expect(copy.db('greencart').collection('users').insertOne({ email: 'asha@example.com' })).rejects.toMatchObject({ code: 11000 });
        await expect(restoreDatabase(target.uri, 'greencart', backup)).rejects.toThrow(/not empty/);
      } finally {
        await copy.close();
      }
    } finally {
      await target.stop();
    }
  }, 60_000);
});
