import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mongo } from 'mongoose';
import { startEmbeddedDatabase, type RunningDatabase } from '../src/database/embedded-database';

/**
 * The embedded FerretDB keeps 100 SQLite connections. As released, an update held its read (one
 * connection) while writing (a second), and an `update` command held the reads of all its statements
 * until it ended: a few bulk writes at once, or 100 single updates at once, took every connection and
 * waited for each other for ever, and every later command of every client hung with them (it froze the
 * outbox and the orders of bench:mail). Our build reads, closes the read, then writes
 * (backend/ferretdb-patches/0002-update-reads-before-writing.patch). The first case hangs FerretDB as
 * released at its first round:
 *   FERRETDB_BIN=$(node scripts/ferretdb-build.mjs --unpatched) npx jest --config backend/test/jest-e2e.config.js backend/test/ferretdb-pool.e2e-spec.ts
 * The others check that the patched update paths answer as before, under load and in their corners.
 */
describe('the embedded FerretDB under concurrent updates (a pool of 100 SQLite connections)', () => {
  const root = mkdtempSync(join(tmpdir(), 'greencart-ferret-pool-'));
  let db: RunningDatabase;
  let client: mongo.MongoClient;
  let previous: string | undefined;
  const DOCS = 1_000;

  /** `work` finishes within `ms`, or the test fails saying what hung (rather than at jest's time-out). */
  async function finishes<T>(what: string, work: Promise<T>, ms = 20_000): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s: the database's connections are deadlocked`)), ms);
    });
    try {
      return await Promise.race([work, hung]);
    } finally {
      clearTimeout(timer);
    }
  }

  const counters = () => client.db('pool').collection<{ _id: string; n: number }>('counters');

  beforeAll(async () => {
    previous = process.env.GREENCART_EMBEDDED;
    process.env.GREENCART_EMBEDDED = 'ferretdb';
    db = await startEmbeddedDatabase({ dataDir: join(root, 'data'), log: () => undefined });
    // More connections than FerretDB has SQLite connections, as several instances of the shop would hold together.
    client = await mongo.MongoClient.connect(db.uri, { maxPoolSize: 300 });
  }, 120_000);
  beforeEach(async () => {
    await counters().deleteMany({});
    await counters().insertMany(Array.from({ length: DOCS }, (_, i) => ({ _id: `c${i}`, n: 0 })));
  });
  afterAll(async () => {
    await client?.close(true);
    await db?.stop();
    process.env.GREENCART_EMBEDDED = previous;
    rmSync(root, { recursive: true, force: true });
  });

  it('bulk writes of 50 updates each, 8 at once, 10 times over: all finish and every increment counts', async () => {
    const rounds = 10;
    const bulks = 8;
    for (let round = 0; round < rounds; round++) {
      await finishes(
        `round ${round + 1}: ${bulks} bulk writes of 50 updates`,
        Promise.all(
          Array.from({ length: bulks }, (_, b) =>
            counters().bulkWrite(
              Array.from({ length: 50 }, (_, i) => ({ updateOne: { filter: { _id: `c${(b * 50 + i) % DOCS}` }, update: { $inc: { n: 1 } } } })),
              { ordered: false },
            ),
          ),
        ),
      );
    }
    const docs = await counters()
      .find({ n: { $gt: 0 } })
      .toArray();
    expect(docs).toHaveLength(bulks * 50);
    expect(docs.every((d) => d.n === rounds)).toBe(true);
  }, 60_000);

  it('150 findOneAndUpdate and 150 updateOne at once, with reads beside them: all finish with the right results', async () => {
    // The client's connections opened first (the driver opens two at a time), so that all 300 arrive together.
    for (let i = 0; i < 5; i++) await Promise.all(Array.from({ length: 300 }, () => client.db('pool').command({ ping: 1 })));
    const answers = await finishes(
      '300 single updates at once',
      Promise.all([
        ...Array.from({ length: 150 }, (_, i) => counters().findOneAndUpdate({ _id: `c${i}` }, { $inc: { n: 1 } }, { returnDocument: 'after' })),
        // Other documents: FerretDB v1 does not apply concurrent updates of one document atomically (docs/database.md: the shop holds a lock document).
        ...Array.from({ length: 150 }, (_, i) => counters().updateOne({ _id: `c${150 + i}` }, { $inc: { n: 2 } })),
        ...Array.from({ length: 50 }, (_, i) => counters().findOne({ _id: `c${DOCS - 1 - i}` })),
      ]),
    );
    expect(answers.slice(0, 150).every((doc) => (doc as { n?: unknown } | null)?.n === 1)).toBe(true);
    const docs = await counters()
      .find({ n: { $gt: 0 } })
      .toArray();
    expect(docs).toHaveLength(300);
    expect(docs.every((d) => d.n === (Number(d._id.slice(1)) < 150 ? 1 : 2))).toBe(true);
  }, 60_000);

  it('an upsert, an update that matches nothing and a multi-document update still do what they did', async () => {
    await finishes(
      'the updates',
      (async () => {
        expect(await counters().updateOne({ _id: 'new' }, { $set: { n: 7 } }, { upsert: true })).toMatchObject({ upsertedCount: 1, matchedCount: 0 });
        expect(await counters().updateOne({ _id: 'none' }, { $set: { n: 1 } })).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
        expect(await counters().updateMany({ _id: { $in: ['c1', 'c2', 'c3'] } }, { $inc: { n: 5 } })).toMatchObject({ matchedCount: 3, modifiedCount: 3 });
        expect(await counters().findOneAndUpdate({ _id: 'none' }, { $inc: { n: 1 } })).toBeNull();
        expect(await counters().findOneAndDelete({ _id: 'c4' })).toMatchObject({ _id: 'c4', n: 0 });
      })(),
    );
    expect(await counters().findOne({ _id: 'new' })).toEqual({ _id: 'new', n: 7 });
    expect((await counters().find({ n: 5 }).toArray()).map((d) => d._id).sort()).toEqual(['c1', 'c2', 'c3']);
    expect(await counters().countDocuments()).toBe(DOCS);
  }, 60_000);
});
