import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { mongo } from 'mongoose';

// The driver mongoose ships (no second copy of it).
const { MongoClient, BSON } = mongo;
const { EJSON } = BSON;
type Document = mongo.Document;
const BATCH = 500;

export interface BackupManifest {
  database: string;
  createdAt: string;
  collections: Record<string, number>;
}

/**
 * A logical copy of one database: per collection, its documents as canonical Extended JSON lines
 * (types such as ObjectId, Date and binary image chunks kept exactly) and its indexes, plus a
 * manifest. Taken through the database's own protocol, so it works while the shop runs; each
 * collection is read with one cursor.
 */
export async function backupDatabase(uri: string, database: string, outDir: string): Promise<BackupManifest> {
  mkdirSync(outDir, { recursive: true });
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const db = client.db(database);
    const manifest: BackupManifest = { database, createdAt: new Date().toISOString(), collections: {} };
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      const out = createWriteStream(join(outDir, `${name}.ejson`));
      let count = 0;
      for await (const doc of db.collection(name).find({}, { batchSize: BATCH })) {
        if (!out.write(EJSON.stringify(doc, { relaxed: false }) + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        count++;
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const indexes = (await db.collection(name).indexes()).filter((index) => index.name !== '_id_');
      writeFileSync(join(outDir, `${name}.indexes.json`), JSON.stringify(indexes, null, 2));
      manifest.collections[name] = count;
    }
    writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    return manifest;
  } finally {
    await client.close();
  }
}

/** Loads a backup into a database that must be empty (restoring never merges into live data). */
export async function restoreDatabase(uri: string, database: string, fromDir: string): Promise<BackupManifest> {
  const manifestFile = join(fromDir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${fromDir} is not a GreenCart backup (no manifest.json)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const db = client.db(database);
    const existing = await db.listCollections({}, { nameOnly: true }).toArray();
    if (existing.length) throw new Error(`The database '${database}' is not empty: restore into an empty data folder`);
    for (const name of Object.keys(manifest.collections)) {
      const collection = db.collection(name);
      await db.createCollection(name);
      const indexes = JSON.parse(readFileSync(join(fromDir, `${name}.indexes.json`), 'utf8')) as (Document & { key: Document; name: string })[];
      for (const { key, v: _v, ns: _ns, ...options } of indexes) await collection.createIndex(key, options);
      let batch: Document[] = [];
      const lines = createInterface({ input: createReadStream(join(fromDir, `${name}.ejson`)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(EJSON.parse(line, { relaxed: false }) as Document);
        if (batch.length >= BATCH) {
          await collection.insertMany(batch, { ordered: true });
          batch = [];
        }
      }
      if (batch.length) await collection.insertMany(batch, { ordered: true });
    }
    return manifest;
  } finally {
    await client.close();
  }
}

/** Whether a folder is missing or empty (a restore target). */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
