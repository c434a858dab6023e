import type { ActivityEntry } from '@greencart/domain';
import { LRUCache } from 'lru-cache';
import type { Collection } from 'mongoose';

/** The record in activity_series of how far the sweeps have deleted entries. */
const SWEPT = 'swept';

/** Entries per stored page of a series. */
export const BUCKET = 50;

/**
 * The log as series read by `_id` (the one filter every engine answers from its index; a range, `$in`,
 * another field or a sort may read the whole collection, docs/database.md): the whole log (`all`), and one series
 * per person (`actor:<id>`) and per kind (`kind:<kind>`). Each series has a count (`activity_series`) and
 * pages of BUCKET entries (`activity_pages`, `_id` `<series>#<k>`, entries oldest first, as one JSON string:
 * the embedded database read an array of embedded documents about three times slower), so any page of it, newest
 * first, is one or two reads by `_id`, and a full page is read once per instance.
 */
export class ActivityPages {
  /** Full pages as read (they never change; a sweep forgets those it drops). */
  private readonly full = new LRUCache<string, ActivityEntry[]>({ max: 5_000 });

  constructor(
    private readonly series: Collection,
    private readonly pages: Collection,
  ) {}

  async count(name: string): Promise<number> {
    const doc = await this.series.findOne({ _id: name as never });
    return typeof doc?.count === 'number' ? doc.count : 0;
  }

  /** Appends the entries, in order, to the series (the caller holds the log's lock: one writer at a time). */
  async append(name: string, added: readonly ActivityEntry[]): Promise<void> {
    const count = await this.count(name);
    let position = count;
    while (position < count + added.length) {
      const k = Math.floor(position / BUCKET);
      const entries = position % BUCKET === 0 ? [] : await this.read(`${name}#${k}`);
      const take = Math.min(BUCKET - entries.length, count + added.length - position);
      entries.push(...added.slice(position - count, position - count + take));
      await this.pages.updateOne({ _id: `${name}#${k}` as never }, { $set: { json: JSON.stringify(entries) } }, { upsert: true });
      position += take;
    }
    await this.series.updateOne({ _id: name as never }, { $set: { count: position } }, { upsert: true });
  }

  /** A page's entries, oldest first; a full page never changes again, so it is kept in memory. */
  private async read(id: string): Promise<ActivityEntry[]> {
    const kept = this.full.get(id);
    if (kept) return [...kept];
    const doc = await this.pages.findOne({ _id: id as never });
    const entries = typeof doc?.json === 'string' ? (JSON.parse(doc.json) as ActivityEntry[]) : [];
    if (entries.length >= BUCKET) this.full.set(id, entries);
    return [...entries];
  }

  /** Entries at positions [from, to) of the series (0: the oldest), oldest first. */
  async slice(name: string, from: number, to: number): Promise<ActivityEntry[]> {
    if (to <= from) return [];
    const buckets: number[] = [];
    for (let k = Math.floor(from / BUCKET); k <= Math.floor((to - 1) / BUCKET); k++) buckets.push(k);
    const pages = await Promise.all(buckets.map((k) => this.read(`${name}#${k}`)));
    const out: ActivityEntry[] = [];
    pages.forEach((entries, i) => {
      const base = buckets[i] * BUCKET;
      entries.forEach((entry, j) => {
        if (base + j >= from && base + j < to) out.push(entry);
      });
    });
    return out;
  }

  /** The first position of the series whose entry is at or after `time` (binary search over its pages). */
  async positionOf(name: string, time: number, count: number): Promise<number> {
    let lo = 0;
    let hi = Math.ceil(count / BUCKET);
    // The first page whose last entry is at or after `time`.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const entries = await this.slice(name, mid * BUCKET, Math.min(count, (mid + 1) * BUCKET));
      const last = entries.at(-1);
      if (last && Date.parse(last.at) >= time) hi = mid;
      else lo = mid + 1;
    }
    const entries = await this.slice(name, lo * BUCKET, Math.min(count, (lo + 1) * BUCKET));
    const inPage = entries.findIndex((entry) => Date.parse(entry.at) >= time);
    return inPage < 0 ? Math.min(count, (lo + 1) * BUCKET) : lo * BUCKET + inPage;
  }

  /** Forgets the pages wholly before `position` (the year's sweep). */
  async dropBefore(name: string, position: number): Promise<void> {
    for (let k = Math.floor(position / BUCKET) - 1; k >= 0; k--) {
      this.full.delete(`${name}#${k}`);
      const { deletedCount } = await this.pages.deleteOne({ _id: `${name}#${k}` as never });
      if (!deletedCount) break;
    }
  }

  async names(): Promise<string[]> {
    return (await this.series.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id)).filter((name) => name !== SWEPT);
  }

  /** How many of the oldest entries the sweeps have deleted so far. */
  async swept(): Promise<number> {
    return this.count(SWEPT);
  }

  async sweptTo(count: number): Promise<void> {
    await this.series.updateOne({ _id: SWEPT as never }, { $set: { count } }, { upsert: true });
  }
}
