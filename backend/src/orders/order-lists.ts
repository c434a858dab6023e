import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, mongo, Types } from 'mongoose';
import { AGAIN, WriteBatcher, type ItemOutcome } from '../common/batching/write-batcher';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { OrderListEntry } from './schemas/order-list-entry.schema';

/** The list of every order, for the seller's pages. */
export const SELLER_LIST = 'seller';
export const shopperList = (userId: string) => `shopper:${userId}`;

/** Lengths remembered per list (a lower bound: the database may have more, never fewer). */
const REMEMBERED_LISTS = 20_000;

/** List places remembered (a place, once written, never changes): about 100 bytes each. */
const REMEMBERED_PLACES = 200_000;

/** Message to the other instances: `list` has `length` places now. */
interface AppendedMessage {
  list: string;
  length: number;
}

const TOPIC = 'order-lists';

/**
 * Lists of order ids, newest last, made of one document per place (see OrderListEntry), so that
 * appending is a unique insert and reading a page is a handful of reads by `_id`: nothing scans the
 * orders, on every engine (some answer only `_id` equality from an index, docs/database.md).
 * Places are taken in order, never skipped nor freed, so a list's length is its first free place.
 *
 * Lengths and places are kept in memory: a length is found once (by reads of places) and then kept
 * current by this instance's appends and the other instances' messages (ClusterBus); a place never
 * changes once written. So reading a page of a list touches the database only for places this
 * instance has not seen yet.
 */
@Injectable()
export class OrderLists {
  private readonly lengths = new LRUCache<string, number>({ max: REMEMBERED_LISTS });
  private readonly places = new LRUCache<string, Types.ObjectId>({ max: REMEMBERED_PLACES });
  /**
   * Appends from this instance, to every list, written in turn: those that arrive during a write go
   * together in the next, one insert for all their lists (an order's seller and shopper entries, and
   * other orders' besides).
   */
  private readonly appends = new WriteBatcher<Append, number>({ write: (batch) => this.appendNow(batch) });

  constructor(
    @InjectModel(OrderListEntry.name) private readonly entries: Model<OrderListEntry>,
    private readonly cluster: ClusterBus,
  ) {
    cluster.subscribe<AppendedMessage>(TOPIC, {
      message: ({ list, length }) => {
        if (typeof list === 'string' && Number.isInteger(length)) this.remember(list, length);
      },
      // Appends announced while Redis was away are unknown: find the lengths again when next needed.
      resync: () => this.lengths.clear(),
    });
  }

  /**
   * Adds `orderId` at the end of `list`; resolves with its place. Appends to one list from this
   * instance go in order; those that arrive while one is being written are written together, in one
   * insert of consecutive places (the seller's list takes every order: one round trip per order
   * would make it the queue every checkout waits in). Other instances meet at the unique `_id`.
   */
  append(list: string, orderId: Types.ObjectId): Promise<number> {
    return this.appends.add({ list, orderId });
  }

  /** Puts `orderId` at place `n` unless the place is taken (rebuilding lists of older orders, where places are known). */
  async place(list: string, n: number, orderId: Types.ObjectId): Promise<void> {
    try {
      await this.entries.create({ _id: entryId(list, n), order: orderId });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** How many orders `list` holds (as of the last message from the other instances, if any). */
  async length(list: string): Promise<number> {
    const known = this.lengths.get(list);
    if (known !== undefined) return known;
    const n = await this.firstFree(list);
    this.remember(list, n);
    return n;
  }

  /**
   * Page `page` (from 1) of `list`, newest first: the order ids and the list's length. Ids appear once
   * even if a retried link put one order twice.
   */
  async page(list: string, page: number, limit: number): Promise<{ ids: Types.ObjectId[]; total: number }> {
    const total = await this.length(list);
    const high = total - 1 - (page - 1) * limit;
    const low = Math.max(0, high - limit + 1);
    const places: number[] = [];
    for (let n = high; n >= low; n--) places.push(n);
    const found = await Promise.all(places.map((n) => this.orderAt(list, n)));
    const seen = new Set<string>();
    const ids: Types.ObjectId[] = [];
    for (const order of found) {
      if (!order || seen.has(String(order))) continue;
      seen.add(String(order));
      ids.push(order);
    }
    return { ids, total };
  }

  /** Whether a one-time job named `name` has finished (kept as a list entry, so no other collection is needed). */
  async isDone(name: string): Promise<boolean> {
    return this.taken(`job:${name}`, 0);
  }

  async markDone(name: string): Promise<void> {
    await this.place(`job:${name}`, 0, new Types.ObjectId('000000000000000000000000'));
  }

  /** The order at place `n` of `list`, or null while the place is free. */
  at(list: string, n: number): Promise<Types.ObjectId | null> {
    return this.orderAt(list, n);
  }

  private async orderAt(list: string, n: number): Promise<Types.ObjectId | null> {
    const id = entryId(list, n);
    const known = this.places.get(id);
    if (known) return known;
    const entry = await this.entries.findById(id).lean();
    if (entry) this.places.set(id, entry.order);
    return entry?.order ?? null;
  }

  /**
   * Puts each append at the next free place of its list, in the batch's order, in one unordered insert;
   * returns their places. A remembered length is tried as is: a place taken meanwhile (another instance)
   * fails that entry alone, and its append goes again in the next write, past the places tried now.
   */
  private async appendNow(batch: readonly Append[]): Promise<ItemOutcome<number>[]> {
    const lists = [...new Set(batch.map(({ list }) => list))];
    const next = new Map(await Promise.all(lists.map(async (list) => [list, await this.length(list)] as const)));
    const entries = batch.map(({ list, orderId }) => {
      const n = next.get(list)!;
      next.set(list, n + 1);
      return { _id: entryId(list, n), order: orderId, list, n };
    });
    let taken = new Set<number>();
    try {
      await (this.entries.collection as unknown as mongo.Collection<{ _id: string; order: Types.ObjectId }>).insertMany(
        entries.map(({ _id, order }) => ({ _id, order })),
        { ordered: false },
      );
    } catch (error) {
      taken = duplicatesOf(error);
    }
    const outcomes: ItemOutcome<number>[] = [];
    const lengths = new Map<string, number>();
    entries.forEach((entry, i) => {
      // Every place tried is taken now (by this write or another instance's).
      this.remember(entry.list, entry.n + 1);
      if (taken.has(i)) return void outcomes.push(AGAIN);
      this.places.set(entry._id, entry.order);
      lengths.set(entry.list, Math.max(lengths.get(entry.list) ?? 0, entry.n + 1));
      outcomes.push(entry.n);
    });
    for (const [list, length] of lengths) await this.cluster.publish(TOPIC, { list, length } satisfies AppendedMessage);
    return outcomes;
  }

  private async taken(list: string, n: number): Promise<boolean> {
    return (await this.entries.exists({ _id: entryId(list, n) })) !== null;
  }

  /** The first free place, by doubling then halving: about 2·log2(length) reads by _id. */
  private async firstFree(list: string): Promise<number> {
    if (!(await this.taken(list, 0))) return 0;
    let taken = 0;
    let free = 1;
    while (await this.taken(list, free)) {
      taken = free;
      free *= 2;
    }
    while (free - taken > 1) {
      const middle = Math.floor((taken + free) / 2);
      if (await this.taken(list, middle)) taken = middle;
      else free = middle;
    }
    return free;
  }

  private remember(list: string, n: number): void {
    if ((this.lengths.get(list) ?? -1) >= n) return;
    this.lengths.set(list, n);
  }
}

function entryId(list: string, n: number): string {
  return `${list}#${n}`;
}

/**
 * The indexes of an unordered insert's entries refused because their place was taken; any other
 * failure is thrown (the batch's appends fail, and their orders are listed again later).
 */
function duplicatesOf(error: unknown): Set<number> {
  const failures = (error as { writeErrors?: unknown }).writeErrors;
  const list = (Array.isArray(failures) ? failures : [failures]) as ({ index?: unknown; code?: unknown } | undefined)[];
  if (!list.length || list.some((failure) => typeof failure?.index !== 'number' || !isDuplicateKeyError(failure))) throw error;
  return new Set(list.map((failure) => failure!.index as number));
}

/** One order to put at the end of one list. */
interface Append {
  list: string;
  orderId: Types.ObjectId;
}
