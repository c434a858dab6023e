import type { mongo } from 'mongoose';
import { APPLIED_COLLECTION, ROLLUPS_COLLECTION } from './rollup-store';
import { documentsOf, isDayDocId, mergeChange, orderChange, statusMoves, WAITING_DOC, type Change, type StatsOrder } from './rollups';

/** The record that the roll-ups were built from the orders at least once (see StatsService.onApplicationBootstrap). */
export const BUILT_DOC = 'built';
const MARKER_BATCH = 1_000;
/**
 * Markers are written for the orders changed within this time before the rebuild: an event is replayed
 * (a refund recorded by both the webhook and the sweep, a retried request) within minutes of happening,
 * and one marker per event of 100,000 orders would make the rebuild minutes long where only `_id` filters are answered from an index (docs/database.md).
 */
export const MARKER_WINDOW_MS = 24 * 3_600_000;

export interface RebuildResult {
  orders: number;
  /** Roll-up documents written (days and the queue). */
  documents: number;
  /** Roll-up documents removed (days with no order any more). */
  removed: number;
  /** Ids of every roll-up document written or removed. */
  ids: string[];
  seconds: number;
}

/** The markers of everything an order's roll-ups already hold, so a replay of one of its events changes nothing. */
export function markersOf(order: StatsOrder): string[] {
  const id = String(order._id);
  return [`placed:${id}`, ...statusMoves(order).map(([, to]) => `status:${id}:${to}`), ...(order.paymentStatus === 'refunded' ? [`refunded:${id}`] : [])];
}

/**
 * Recomputes every roll-up from the orders (`npm run stats:rebuild`, and once per database at start-up):
 * the same changes the live path applies per event, summed in memory, then written over the stored
 * roll-ups, and the markers of what they now hold inserted for the orders changed in the last day. Orders placed or changed while it runs may
 * be counted twice or not at all: run it while the shop is quiet (running it again makes it right).
 */
export async function rebuildRollups(db: Pick<mongo.Db, 'collection'>, orders: AsyncIterable<StatsOrder>, timeZone: string): Promise<RebuildResult> {
  const started = performance.now();
  const rollups = db.collection<{ _id: string }>(ROLLUPS_COLLECTION);
  const applied = db.collection<{ _id: string; at: Date }>(APPLIED_COLLECTION);
  const change: Change = { [WAITING_DOC]: { inc: {}, set: {} } };
  let markers: string[] = [];
  let count = 0;
  const at = new Date();
  const insertMarkers = async (batch: string[]) => {
    await applied
      .insertMany(
        batch.map((_id) => ({ _id, at })),
        { ordered: false },
      )
      .catch((error: { writeErrors?: unknown; code?: number }) => {
        const errors = [(error as { writeErrors?: unknown }).writeErrors ?? error].flat() as { code?: number }[];
        if (errors.some((e) => e.code !== 11000)) throw error as Error;
      });
  };
  const recent = Date.now() - MARKER_WINDOW_MS;
  for await (const order of orders) {
    mergeChange(change, orderChange(order, timeZone));
    if (new Date(order.updatedAt ?? order.createdAt).getTime() >= recent) markers.push(...markersOf(order));
    count++;
    if (markers.length >= MARKER_BATCH) {
      await insertMarkers(markers);
      markers = [];
    }
  }
  if (markers.length) await insertMarkers(markers);
  const docs = documentsOf(change);
  // Delete then insert rather than replace: an update whose embedded documents have the same values under
  // other keys may be skipped (see docs/database.md).
  for (const doc of Object.values(docs) as { _id: string }[]) {
    await rollups.deleteOne({ _id: doc._id });
    // Another instance's rebuild inserted it meanwhile (MongoDB runs them side by side): the same figures.
    await rollups
      .insertOne(doc)
      .catch((error: { code?: number }) => (error.code === 11000 ? rollups.replaceOne({ _id: doc._id }, doc) : Promise.reject(error as Error)));
  }
  const stale = (await rollups.find({}, { projection: { _id: 1 } }).toArray())
    .map((d) => d._id)
    .filter((id) => (isDayDocId(id) || id === WAITING_DOC) && !docs[id]);
  for (const id of stale) await rollups.deleteOne({ _id: id });
  await rollups.updateOne({ _id: BUILT_DOC }, { $set: { at: new Date(), orders: count } }, { upsert: true });
  return {
    orders: count,
    documents: Object.keys(docs).length,
    removed: stale.length,
    ids: [...Object.keys(docs), ...stale],
    seconds: (performance.now() - started) / 1000,
  };
}
