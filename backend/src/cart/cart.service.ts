import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { ORDER_PLACED, type OrderPlacedEvent } from '../orders/order.events';
import { ProductsService } from '../products/products.service';
import { withoutZeros } from './cart-items';
import { Cart, CartItems } from './schemas/cart.schema';

/** The shopper's saved cart: its storage and its rules. */
@Injectable()
export class CartService {
  constructor(
    @InjectModel(Cart.name) private readonly carts: Model<Cart>,
    private readonly products: ProductsService,
    private readonly locks: LocksService,
  ) {}

  /** The saved cart (empty when the shopper never saved one). */
  async get(userId: string): Promise<CartItems> {
    const cart = await this.carts.findById(new Types.ObjectId(userId)).select('items').lean();
    return { ...(cart?.items ?? {}) };
  }

  /**
   * Replaces the saved cart (0 quantities remove a line). Every product must exist, except lines
   * already saved whose product has since left the catalogue: those are dropped, so one deleted
   * product cannot make the cart unsavable. Nothing is written when the request is refused.
   */
  async replace(userId: string, items: CartItems): Promise<CartItems> {
    const wanted = withoutZeros(items);
    const existing = await this.existingIds(Object.keys(wanted));
    return this.change(userId, (current) => {
      const next: CartItems = {};
      for (const [id, quantity] of Object.entries(wanted)) {
        if (existing.has(id)) next[id] = quantity;
        else if (!(id in current)) throw new BadRequestException(`Unknown product ${id}`);
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
    const additions = withoutZeros(guest);
    const existing = await this.existingIds(Object.keys(additions));
    return this.change(userId, (current) => {
      const merged: CartItems = { ...current };
      for (const [id, quantity] of Object.entries(additions)) {
        if (!existing.has(id)) continue;
        if (!(id in merged) && Object.keys(merged).length >= MAX_CART_LINES) continue;
        merged[id] = Math.min(MAX_LINE_QUANTITY, (merged[id] ?? 0) + quantity);
      }
      return merged;
    });
  }

  /** What was ordered has left the cart. */
  @OnEvent(ORDER_PLACED)
  async emptyAfterOrder(event: OrderPlacedEvent): Promise<void> {
    // Nothing to empty (a cart never saved, or already empty): no lock and no write.
    const saved = await this.carts.findById(new Types.ObjectId(event.userId)).select('items').lean();
    if (!saved || !Object.keys(saved.items ?? {}).length) return;
    await this.change(event.userId, () => ({}));
  }

  /**
   * Read-modify-write of the saved cart, one change at a time per shopper (see LocksService), with a
   * version check as the conditional write. Returns the cart as saved.
   */
  private change(userId: string, change: (current: CartItems) => CartItems): Promise<CartItems> {
    const _id = new Types.ObjectId(userId);
    return this.locks.run(`cart:${userId}`, { busyMessage: 'Your cart is being updated, please try again', waitMs: 3_000, staleMs: 10_000 }, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const cart = await this.carts.findById(_id).select('items version').lean();
        const next = change({ ...(cart?.items ?? {}) });
        const version = cart?.version ?? 0;
        try {
          const result = await this.carts.updateOne(
            { _id, version: version === 0 ? { $in: [0, null] } : version },
            { $set: { items: next }, $inc: { version: 1 } },
            { upsert: !cart },
          );
          if (result.matchedCount === 1 || result.upsertedCount === 1) return { ...next };
        } catch (error) {
          // Two first saves at once: the other one created the cart; read it again.
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      throw new ConflictException('Your cart was changed elsewhere at the same moment, please try again');
    });
  }

  private async existingIds(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const found = await this.products.findByIds(ids);
    return new Set(found.map((product) => String(product._id)));
  }
}
