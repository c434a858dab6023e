import { canonicalCartKey, cartKey, MAX_CART_LINES, MAX_LINE_QUANTITY, parseCartKey } from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type UpdateQuery } from 'mongoose';
import { DomainEvents, OnDomainEvent } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { PRODUCT_REMOVED, type ProductRemovedEvent } from '../products/product.events';
import { ProductsService } from '../products/products.service';
import { CART_CHANGED, type CartChangedEvent } from './cart.events';
import { withoutZeros } from './cart-items';
import { Cart, CartItems } from './schemas/cart.schema';

/** What the shopper's cart holds, with what the shop took out of it since they last looked. */
export interface SavedCart {
  items: CartItems;
  /** Bumped by every change, so a tab can tell whether its copy is current. */
  version: number;
  /** One line per product the shop removed from the cart (deleted from the catalogue). */
  notices: string[];
}

/** The shopper's saved cart: its storage and its rules. */
/** A line of a placed order, as the cart reads it: the product (an id, or the product populated), its pack size, how many. */
export interface OrderedLine {
  product: unknown;
  variant?: string;
  quantity: number;
}

@Injectable()
export class CartService {
  constructor(
    @InjectModel(Cart.name) private readonly carts: Model<Cart>,
    private readonly products: ProductsService,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
  ) {}

  /** The saved cart (empty when the shopper never saved one). */
  async get(userId: string): Promise<CartItems> {
    return (await this.read(userId)).items;
  }

  /** The saved cart with its version and notices; a cart saved with a size's other key (before keys were one) is written in its one key, once. */
  async read(userId: string): Promise<SavedCart> {
    const cart = await this.carts.findById(new Types.ObjectId(userId)).select('items version notices').lean();
    const saved = { items: { ...(cart?.items ?? {}) }, version: cart?.version ?? 0, notices: [...(cart?.notices ?? [])] };
    if (!(await this.hasOtherKeys(saved.items))) return saved;
    return this.change(userId, (current) => current);
  }

  /** The shopper has seen the notices: forget them (no write when there are none). */
  async clearNotices(userId: string): Promise<SavedCart> {
    const cart = await this.read(userId);
    if (!cart.notices.length) return cart;
    await this.carts.updateOne({ _id: new Types.ObjectId(userId) }, { $set: { notices: [] } });
    return { ...cart, notices: [] };
  }

  /**
   * Replaces the saved cart (0 quantities remove a line). Every product must exist, except lines
   * already saved whose product has since left the catalogue: those are dropped, so one deleted
   * product cannot make the cart unsavable. Nothing is written when the request is refused.
   */
  async replace(userId: string, items: CartItems): Promise<CartItems> {
    const wanted = await this.canonical(withoutZeros(items), 'add');
    const existing = await this.existingIds(Object.keys(wanted));
    const saved = await this.change(userId, (current) => {
      const next: CartItems = {};
      for (const [id, quantity] of Object.entries(wanted)) {
        if (existing.has(id)) next[id] = quantity;
        else if (!(id in current)) throw new BadRequestException(`Unknown product ${id}`);
      }
      return next;
    });
    return saved.items;
  }

  /**
   * Changes only the lines given (a quantity of 0 removes the line) and leaves every other line as it
   * is saved: two tabs or devices changing different lines never undo each other's changes.
   */
  async changeLines(userId: string, sent: CartItems): Promise<SavedCart> {
    // A size named by its other key is the same line (the last quantity given for it counts).
    const lines = await this.canonical(sent, 'replace');
    const existing = await this.existingIds(Object.keys(withoutZeros(lines)));
    return this.change(userId, (current) => {
      const next: CartItems = { ...current };
      for (const [id, quantity] of Object.entries(lines)) {
        if (quantity === 0) {
          delete next[id];
          continue;
        }
        if (!existing.has(id)) throw new BadRequestException(`Unknown product ${id}`);
        if (!(id in next) && Object.keys(next).length >= MAX_CART_LINES)
          throw new BadRequestException(`A cart holds at most ${MAX_CART_LINES} different products`);
        next[id] = quantity;
      }
      return next;
    });
  }

  /**
   * Adds a guest cart into the saved one: quantities add up (capped at 99 a line), products no
   * longer in the catalogue are dropped silently (a guest cart may be days old, and refusing would
   * lose the rest of it), and new lines stop at 100 products.
   */
  async merge(userId: string, guest: CartItems): Promise<CartItems> {
    const additions = await this.canonical(withoutZeros(guest), 'add');
    const existing = await this.existingIds(Object.keys(additions));
    const saved = await this.change(userId, (current) => {
      const merged: CartItems = { ...current };
      for (const [id, quantity] of Object.entries(additions)) {
        if (!existing.has(id)) continue;
        if (!(id in merged) && Object.keys(merged).length >= MAX_CART_LINES) continue;
        merged[id] = Math.min(MAX_LINE_QUANTITY, (merged[id] ?? 0) + quantity);
      }
      return merged;
    });
    return saved.items;
  }

  /**
   * What was ordered has left the cart: its lines' quantities only, so lines added meanwhile stay. Called on
   * `order.placed` by orders' OrderedLinesLeaveCart (orders sits above cart, so cart does not import its events).
   */
  async takeOrderedLines(userId: string, items: readonly OrderedLine[]): Promise<void> {
    const found = await this.carts.findById(new Types.ObjectId(userId)).select('items').lean();
    if (!found || !Object.keys(found.items ?? {}).length) return;
    const saved = { items: await this.canonical({ ...found.items }, 'add') };
    const ordered = new Map<string, number>();
    for (const item of items) {
      const id = await this.cartKeyOf(String((item.product as { _id?: unknown } | null)?._id ?? item.product), item.variant);
      ordered.set(id, (ordered.get(id) ?? 0) + item.quantity);
    }
    if (![...ordered.keys()].some((id) => id in saved.items) && !(await this.hasOtherKeys(found.items))) return;
    await this.change(userId, (current) => {
      const next: CartItems = { ...current };
      for (const [id, quantity] of ordered) {
        if (!(id in next)) continue;
        const left = next[id] - quantity;
        if (left > 0) next[id] = left;
        else delete next[id];
      }
      return next;
    });
  }

  /** A product left the catalogue: it leaves every cart holding it, with a line telling the shopper. */
  @OnDomainEvent(PRODUCT_REMOVED)
  async removeDeletedProduct(event: ProductRemovedEvent): Promise<void> {
    // A query on one cart field (it may read every cart, docs/database.md): products are deleted rarely.
    const keys = [event.productId, ...(event.variantIds ?? []).filter((id) => id !== event.productId).map((id) => cartKey(event.productId, id))];
    const holding = await this.carts
      .find({ $or: keys.map((key) => ({ [`items.${key}`]: { $exists: true } })) })
      .select('_id')
      .lean();
    const notice = `${event.name} is no longer sold and has left your cart`;
    for (const cart of holding) {
      await this.change(String(cart._id), (current) => Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))), notice);
    }
  }

  /**
   * Read-modify-write of the saved cart, one change at a time per shopper (see LocksService), with a
   * version check as the conditional write. Only the lines that differ are written (`items.<id>`):
   * an engine may compare an embedded document by its values alone when deciding whether `$set`
   * changes it (docs/database.md), so `{A:1,B:1}` replaced whole by `{A:1,C:1}` was silently kept. Returns the cart as saved
   * and tells the shopper's other tabs (CART_CHANGED).
   */
  private async change(userId: string, change: (current: CartItems) => CartItems, notice?: string): Promise<SavedCart> {
    const _id = new Types.ObjectId(userId);
    const saved = await this.locks.run(
      `cart:${userId}`,
      { busyMessage: 'Your cart is being updated, please try again', waitMs: 3_000, staleMs: 10_000 },
      async (): Promise<SavedCart | null> => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const cart = await this.carts.findById(_id).select('items version notices').lean();
          const current = { ...(cart?.items ?? {}) };
          // Lines saved under a size's other key are written in its one key with this change.
          const next = change(await this.canonical(current, 'add'));
          const version = cart?.version ?? 0;
          const notices = [...(cart?.notices ?? [])];
          const update = lineChanges(current, next, cart ? isPlainObject(cart.items) : false);
          if (!update && !notice) return null;
          const write: UpdateQuery<Cart> = { ...(update ?? {}), $inc: { version: 1 } };
          if (notice) {
            notices.push(notice);
            write.$set = { ...(write.$set ?? {}), notices: notices.slice(-MAX_NOTICES) };
          }
          try {
            const result = await this.carts.updateOne({ _id, version: version === 0 ? { $in: [0, null] } : version }, write, { upsert: !cart });
            if (result.matchedCount === 1 || result.upsertedCount === 1) return { items: next, version: version + 1, notices: notices.slice(-MAX_NOTICES) };
          } catch (error) {
            // Two first saves at once: the other one created the cart; read it again.
            if (!isDuplicateKeyError(error)) throw error;
          }
        }
        throw new ConflictException('Your cart was changed elsewhere at the same moment, please try again');
      },
    );
    if (!saved) return this.read(userId);
    await this.events.publish(CART_CHANGED, { userId, cartItems: saved.items, version: saved.version } satisfies CartChangedEvent);
    return saved;
  }

  /** The cart keys that name a product of the catalogue and, for "productId:sizeId", one of its pack sizes. */
  private async existingIds(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const parsed = keys.map((key) => ({ key, named: parseCartKey(key) }));
    const found = await this.products.findByIds(parsed.flatMap(({ named }) => (named ? [named.productId] : [])));
    const byId = new Map(found.map((product) => [String(product._id), product]));
    return new Set(
      parsed
        .filter(({ named }) => {
          const product = named && byId.get(named.productId);
          return !!product && (!named.packSizeId || product.variants.some((size) => size._id === named.packSizeId));
        })
        .map(({ key }) => key),
    );
  }

  /** The cart key of an order line: its size's one key (canonicalCartKey). */
  private async cartKeyOf(productId: string, variant: string | undefined): Promise<string> {
    if (!variant || variant === productId) return productId;
    const product = await this.products.findById(productId).catch(() => undefined);
    return canonicalCartKey(productId, variant, product?.variants[0]?._id ?? variant);
  }

  /** Whether some line names its size by a key other than the size's one key (a default size as `<productId>:<sizeId>`). */
  private async hasOtherKeys(items: CartItems): Promise<boolean> {
    const keys = Object.keys(items);
    if (!keys.some((key) => key.includes(':'))) return false;
    const canonical = await this.canonical(items, 'add');
    return keys.some((key) => !(key in canonical));
  }

  /**
   * The lines under each size's one key: a default size named `<productId>:<sizeId>` becomes the plain product
   * id. Two keys of one size meeting add up (`add`, capped at MAX_LINE_QUANTITY) or the later one counts
   * (`replace`, for lines that set a quantity). Products gone keep their keys (the rules above drop them).
   */
  private async canonical(items: CartItems, meeting: 'add' | 'replace'): Promise<CartItems> {
    const named = Object.keys(items).flatMap((key) => {
      const parsed = parseCartKey(key);
      return parsed?.packSizeId ? [parsed.productId] : [];
    });
    if (!named.length) return items;
    // From the in-memory catalogue: a cart change does not read the products from the database for this.
    const products = await Promise.all([...new Set(named)].map((id) => this.products.findById(id).catch(() => undefined)));
    const defaults = new Map(products.flatMap((product) => (product ? [[String(product._id), product.variants[0]?._id] as const] : [])));
    const lines: CartItems = {};
    for (const [key, quantity] of Object.entries(items)) {
      const parsed = parseCartKey(key);
      const one =
        parsed?.packSizeId && defaults.has(parsed.productId) ? canonicalCartKey(parsed.productId, parsed.packSizeId, defaults.get(parsed.productId)) : key;
      lines[one] = one in lines && meeting === 'add' && quantity > 0 ? Math.min(MAX_LINE_QUANTITY, lines[one] + quantity) : quantity;
    }
    return lines;
  }
}

/** Notices kept per cart (a shopper away for weeks does not collect hundreds). */
const MAX_NOTICES = 10;

const isPlainObject = (value: unknown): boolean => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The update that turns the saved lines `current` into `next`, one `items.<id>` path per changed line
 * (product ids are hex, so never a `.` or `$` in a path); null when nothing changes. A cart without an
 * `items` object (never saved) gets `next` whole.
 */
export function lineChanges(current: CartItems, next: CartItems, hasItems: boolean): UpdateQuery<Cart> | null {
  if (!hasItems) return { $set: { items: next } };
  const set: Record<string, number> = {};
  const unset: Record<string, ''> = {};
  for (const [id, quantity] of Object.entries(next)) if (current[id] !== quantity) set[`items.${id}`] = quantity;
  for (const id of Object.keys(current)) if (!(id in next)) unset[`items.${id}`] = '';
  const update: UpdateQuery<Cart> = {};
  if (Object.keys(set).length) update.$set = set;
  if (Object.keys(unset).length) update.$unset = unset;
  return update.$set || update.$unset ? update : null;
}
