import { join, resolve } from 'node:path';
import { mongo } from 'mongoose';
import { REPO_ROOT, runningServer, startEmbeddedDatabase } from '../database/embedded-database';
import type { StatsOrder } from './rollups';
import { rebuildRollups } from './stats-rebuild';

/**
 * npm run stats:rebuild   recomputes the seller's figures (the roll-ups) from the stored orders: after
 * orders were written around the shop (an import, a restore, a script). MONGODB_URI, else the running
 * shop's embedded database, else the data folder's (GREENCART_DATA_DIR, default .data/db). Run it while
 * the shop is quiet: orders placed during the rebuild may be counted twice or not at all (running it
 * again makes it right). A running shop reads the figures again when its roll-ups next change or it restarts.
 */
async function main() {
  const timeZone = shopTimeZone();
  const dataDir = resolve(process.env.GREENCART_DATA_DIR ?? join(REPO_ROOT, '.data', 'db'));
  const database = process.env.MONGODB_DB ?? 'greencart';
  let uri = process.env.MONGODB_URI;
  let stop = async () => undefined as void;
  if (!uri) {
    const running = runningServer(dataDir);
    if (running?.uri) uri = `${running.uri}${database}`;
    else {
      const db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
      uri = `${db.uri}${database}`;
      stop = () => db.stop();
    }
  }
  const client = await mongo.MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const db = client.db();
    const orders = db.collection('orders').find({}).sort({ createdAt: 1, _id: 1 }) as unknown as AsyncIterable<StatsOrder>;
    const result = await rebuildRollups(db, orders, timeZone);
    console.log(
      `Rebuilt the seller's figures from ${result.orders} orders (${timeZone}): ${result.documents} roll-up documents written, ${result.removed} removed, in ${result.seconds.toFixed(1)} s`,
    );
  } finally {
    await client.close();
    await stop();
  }
}

/** SHOP_TIMEZONE (default Asia/Kolkata), refused as the shop refuses it when it names no time zone. */
function shopTimeZone(): string {
  const timeZone = process.env.SHOP_TIMEZONE?.trim() || 'Asia/Kolkata';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new Error(`SHOP_TIMEZONE must be an IANA time zone such as Asia/Kolkata (got ${timeZone})`);
  }
  return timeZone;
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
