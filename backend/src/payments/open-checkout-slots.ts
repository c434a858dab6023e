import { ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import type { OrderQuote } from '../orders/order-placing.service';
import type { RazorpayOrder } from './razorpay.gateway';
import { OpenCheckouts, type OpenCheckout } from './schemas/checkout.schema';

/** An open checkout is handed out again for the same order only with this much of its life left (time to pay). */
const CHECKOUT_REUSE_MARGIN_MS = 2 * 60_000;
const OPENING_BUSY = 'Another payment of yours is being opened; please try again';

/**
 * A shopper's places among open online checkouts (at most OPEN_CHECKOUTS_PER_SHOPPER), one document per
 * shopper changed under their lock: the same order asked again gets its open checkout back.
 */
@Injectable()
export class OpenCheckoutSlots {
  constructor(
    @InjectModel(OpenCheckouts.name) private readonly openCheckouts: Model<OpenCheckouts>,
    private readonly locks: LocksService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /**
   * A place among the shopper's open checkouts: their open checkout for this very order (same lines,
   * address and amount) when it has at least CHECKOUT_REUSE_MARGIN_MS left, else a new place, or 409
   * when OPEN_CHECKOUTS_PER_SHOPPER are open. Lapsed checkouts leave the list as it is written.
   */
  async reserve(userId: string, quote: OrderQuote, checkoutId: string, expiresAt: Date): Promise<{ razorpayOrder: RazorpayOrder } | { reserved: true }> {
    const limit = this.config.get('OPEN_CHECKOUTS_PER_SHOPPER', { infer: true });
    return this.locks.run(`open-checkouts:${userId}`, { busyMessage: OPENING_BUSY }, async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = Date.now();
        const kept = await this.openCheckouts.findById(userId).lean<OpenCheckouts>().exec();
        const entries = Object.entries(kept?.open ?? {});
        const live = entries.filter(([, e]) => new Date(e.expiresAt).getTime() > now);
        const same = live.find(
          ([, e]) =>
            e.razorpayOrderId &&
            e.requestHash === quote.requestHash &&
            e.amountPaise === quote.price.totalPaise &&
            new Date(e.expiresAt).getTime() - now > CHECKOUT_REUSE_MARGIN_MS,
        );
        if (same) {
          const [id, e] = same;
          return {
            razorpayOrder: {
              id: e.razorpayOrderId!,
              entity: 'order',
              amount: e.amountPaise,
              currency: e.currency,
              receipt: id,
              status: 'created',
              notes: { checkoutId: id, userId },
            },
          };
        }
        if (live.length >= limit)
          throw new ConflictException(
            `You have ${limit} online payments open already; complete one of them, or wait a few minutes until they lapse, then try again`,
          );
        const entry: OpenCheckout = { requestHash: quote.requestHash, amountPaise: quote.price.totalPaise, currency: 'INR', expiresAt, razorpayOrderId: null };
        const lapsed = Object.fromEntries(entries.filter(([, e]) => new Date(e.expiresAt).getTime() <= now).map(([id]) => [`open.${id}`, 1]));
        const v = kept?.v ?? 0;
        try {
          const result = await this.openCheckouts
            .updateOne(
              { _id: userId },
              { $set: { [`open.${checkoutId}`]: entry, v: v + 1 }, ...(Object.keys(lapsed).length ? { $unset: lapsed } : {}) },
              { upsert: !kept },
            )
            .exec();
          if (result.matchedCount + result.upsertedCount > 0) return { reserved: true };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        // Another instance's upsert of this shopper's list inserted it first: read it again.
      }
      throw new ConflictException(OPENING_BUSY);
    });
  }

  async free(userId: string, checkoutId: string): Promise<void> {
    await this.locks.run(`open-checkouts:${userId}`, { busyMessage: OPENING_BUSY }, () =>
      this.openCheckouts.updateOne({ _id: userId }, { $unset: { [`open.${checkoutId}`]: 1 } }).exec(),
    );
  }

  /** The Razorpay order the checkout in this place opened. */
  async link(userId: string, checkoutId: string, razorpayOrderId: string): Promise<void> {
    await this.locks.run(`open-checkouts:${userId}`, { busyMessage: OPENING_BUSY }, () =>
      this.openCheckouts.updateOne({ _id: userId }, { $set: { [`open.${checkoutId}.razorpayOrderId`]: razorpayOrderId } }).exec(),
    );
  }
}
