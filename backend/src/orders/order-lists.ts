import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { OrderListEntry } from './schemas/order-list-entry.schema';

/** The list of every order, for the seller's pages. */
export const SELLER_LIST = 'seller';
export const shopperList = (userId: string) => `shopper:${userId}`;

/** Lengths remembered per list (a lower bound: the database may have more, never fewer). */
const REMEMBERED_LISTS = 20_000;

/**
 * Lists of order ids, newest last, made of one document per place (see OrderListEntry), so that
 * appending is a unique insert and reading a page is a handful of reads by `_id`: nothing scans the
 * orders, on FerretDB v1 over SQLite (which pushes only `_id` equality down to SQLite) as on MongoDB.
 * Places are taken in order, never skipped nor freed, so a list's length is its first free place.
 */
@Injectable()
export class OrderLists {
  private readonly lengths = new Map<string, number>();
  /** Appends to one list from this instance go one at a time (other instances meet at the unique _id). */
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(@InjectModel(OrderListEntry.name) private readonly entries: Model<OrderListEntry>) {}

  /** Adds `orderId` at the end of `list`. */
  append(list: string, orderId: Types.ObjectId): Promise<number> {
    const previous = this.tails.get(list) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.appendNow(list, orderId));
    this.tails.set(list, next);
    void next
      .finally(() => {
        if (this.tails.get(list) === next) this.tails.delete(list);
      })
      .catch(() => undefined);
    return next;
  }

  /** Puts `orderId` at place `n` unless the place is taken (rebuilding lists of older orders, where places are known). */
  async place(list: string, n: number, orderId: Types.ObjectId): Promise<void> {
    try {
      await this.entries.create({ _id: entryId(list, n), order: orderId });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** How many orders `list` holds. */
  async length(list: string): Promise<number> {
    const known = this.lengths.get(list);
    let n: number;
    if (known === undefined) {
      n = await this.firstFree(list);
    } else {
      n = known;
      // Other instances may have appended since: walk to the first free place.
      while (await this.taken(list, n)) n++;
    }
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
    const found = await Promise.all(places.map((n) => this.entries.findById(entryId(list, n)).lean()));
    const seen = new Set<string>();
    const ids: Types.ObjectId[] = [];
    for (const entry of found) {
      if (!entry || seen.has(String(entry.order))) continue;
      seen.add(String(entry.order));
      ids.push(entry.order);
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

  private async appendNow(list: string, orderId: Types.ObjectId): Promise<number> {
    // A remembered length is tried as is: a place taken meanwhile (another instance) fails the insert, and the next one is tried.
    let n = this.lengths.get(list) ?? (await this.length(list));
    for (;;) {
      try {
        await this.entries.create({ _id: entryId(list, n), order: orderId });
        this.remember(list, n + 1);
        return n;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        n++;
      }
    }
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
    this.lengths.delete(list);
    if (this.lengths.size >= REMEMBERED_LISTS) this.lengths.delete(this.lengths.keys().next().value!);
    this.lengths.set(list, n);
  }
}

function entryId(list: string, n: number): string {
  return `${list}#${n}`;
}
