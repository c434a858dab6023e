import { priceCart, type OfferView, type PricedLineInput } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import { CouponsService, type JudgedCoupon } from '../coupons/coupons.service';
import { CouponRefused, CouponUses, type CouponUse } from '../coupons/coupon-uses.service';
import { ProductsService } from '../products/products.service';
import { OrderCache } from './order-cache';
import { OrderLists, shopperList } from './order-lists';

/** How many of a shopper's latest orders are read to know whether one of them was not cancelled. */
const ORDERS_LOOKED_AT = 20;

/** The coupon an order names, as its quote keeps it. */
export interface QuotedCoupon {
  couponId: string;
  code: string;
  discountPaise: number;
}

/**
 * Coupons as orders see them: whether one goes with a shopper's order (a first order is one with no
 * earlier order that was not cancelled: a cancelled first order does not use up "first order"), and
 * taking and giving back its use with the order's or the checkout's reference.
 */
@Injectable()
export class OrderCoupons {
  constructor(
    private readonly coupons: CouponsService,
    private readonly uses: CouponUses,
    private readonly lists: OrderLists,
    private readonly cache: OrderCache,
    private readonly products: ProductsService,
  ) {}

  /** The items' subtotal of cart lines at today's prices (lines whose product or size is gone count nothing). */
  async subtotalOf(
    lines: readonly { product: string; variant?: string; quantity: number }[],
  ): Promise<{ subtotalPaise: number; priced: (PricedLineInput & { gstRate?: number })[] }> {
    const priced: (PricedLineInput & { gstRate?: number })[] = [];
    for (const line of lines) {
      const product = await this.products.findById(line.product).catch(() => undefined);
      const size = product && (line.variant === undefined ? product.variants[0] : product.variants.find((v) => v._id === line.variant));
      if (size) priced.push({ offerPrice: size.offerPrice, quantity: line.quantity, gstRate: product.gstRate });
    }
    return { subtotalPaise: priceCart(priced).subtotalPaise, priced };
  }

  /** Whether the shopper has an order that was not cancelled. */
  async hasOrdered(userId: string): Promise<boolean> {
    const { ids } = await this.lists.page(shopperList(userId), 1, ORDERS_LOOKED_AT);
    for (const id of ids) {
      const order = await this.cache.findById(id);
      if (order && order.status !== 'Cancelled') return true;
    }
    return false;
  }

  /**
   * The coupon `code` for this shopper's order of `subtotalPaise`, or a 4xx with the reason. Without
   * `countUses` its limits are left to the taking of the use (which refuses with the same words).
   */
  async judge(userId: string, code: string, subtotalPaise: number, { countUses = true } = {}): Promise<JudgedCoupon> {
    return this.coupons.judge(code, { userId, hasOrdered: () => this.hasOrdered(userId) }, subtotalPaise, { countUses });
  }

  async offers(userId: string | undefined, subtotalPaise: number): Promise<OfferView[]> {
    return this.coupons.offers({ userId, hasOrdered: () => (userId ? this.hasOrdered(userId) : Promise.resolve(false)) }, subtotalPaise);
  }

  /** Takes the coupon's use for `ref` (see CouponUses.take); whether this call took it. */
  async take(userId: string, quoted: QuotedCoupon, ref: string, options: { until?: Date; fromHold?: string } = {}): Promise<boolean> {
    const use: CouponUse = { couponId: quoted.couponId, userId, ref, discountPaise: quoted.discountPaise };
    return this.uses.take(use, options);
  }

  /** Gives back the use `ref` took (a deleted coupon has nothing to give back to). */
  async giveBack(userId: string, quoted: Pick<QuotedCoupon, 'couponId' | 'discountPaise'>, ref: string): Promise<void> {
    // A coupon deleted meanwhile has nothing to give back to.
    await this.uses.giveBack({ couponId: quoted.couponId, userId, ref, discountPaise: quoted.discountPaise }).catch((error: unknown) => {
      if (!(error instanceof CouponRefused)) throw error;
    });
  }
}
