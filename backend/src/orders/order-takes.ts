import type { DeliverySlot } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import type { Step } from '../common/steps/steps';
import { DeliverySlotsService, type QuotedSlot } from '../delivery/slots/delivery-slots.service';
import { StockService, type StockLine } from '../products/stock.service';
import { OrderCoupons, type QuotedCoupon } from './order-coupons';
import { orderStockRef, stockLines } from './order-stock';
import type { Order, OrderItem } from './schemas/order.schema';

/*
 * What an order or an online checkout takes from each counted thing (common/counted/counted.ts), and how
 * each is given back, declared once. Placing an order, opening a checkout, a failed payment, a cancel and a
 * packing change's give-back build their steps and give-backs from the table below:
 *
 *   thing        order `order:<id>`   undo              checkout `checkout:<id>`   undo               failed payment     cancelled order
 *   units        stock.take           stock.untake      stock.hold until           stock.release      stock.release      stock.giveBack (`return:<id>`)
 *   coupon use   coupons.take         coupons.giveBack* coupons.take until         coupons.giveBack*  coupons.giveBack   coupons.giveBack `order:<id>`
 *   slot place   slots.take           slots.giveBack*   slots.take until           slots.giveBack*    slots.giveBack     slots.giveBack `order:<id>`
 *
 * (* an undo gives back only what its own call took: a retry that found the use already the ref's gives nothing
 * back; stock.untake gives back the lines its take took.) Every order takes units; a coupon use only with a
 * coupon, a slot place only with a slot. Taken in that order, undone in reverse (runSteps), given back in that
 * order. Taking or giving back twice for the same ref changes nothing (the marks name their ref), so every
 * give-back is safe to retry. A packing change's units packed fewer go back as a return of their own
 * (`return:<id>:adj:<key>`, giveBackChange); its substitutes' units are an order's take of their own
 * (`order:<id>:adj:<key>`: takeSteps with the substitutes as the lines, then confirm), kept for the sweep when
 * the change's write fails unanswered.
 */

/** The counted things an order takes from, as the declarations use them (the services; fakes in unit tests). */
export interface CountedThings {
  stock: Pick<StockService, 'take' | 'untake' | 'confirm' | 'hold' | 'release' | 'giveBack'>;
  coupons: Pick<OrderCoupons, 'take' | 'giveBack'>;
  slots: Pick<DeliverySlotsService, 'take' | 'giveBack' | 'confirm'>;
}

/** What an order or checkout took: whose it is, its lines, its coupon and its slot (enough to give each back). */
export interface Taken {
  userId: string;
  items: readonly OrderItem[];
  coupon?: Pick<QuotedCoupon, 'couponId' | 'discountPaise'>;
  slot?: DeliverySlot;
}

/** What an order or checkout is about to take (a quote): as Taken, with the coupon and slot as quoted. */
export interface ToTake extends Taken {
  coupon?: QuotedCoupon;
  slot?: QuotedSlot;
}

/** Gives back what one call took (an undo). */
type GiveBack = () => Promise<unknown>;

/** One counted thing: whether an order takes from it, and each way of taking it and giving it back. */
interface CountedTake {
  /** In the shop's words; the steps are named after it ("take the units", "hold the coupon use"). */
  thing: 'units' | 'coupon use' | 'slot place';
  takenBy(what: Taken): boolean;
  /** Takes it for the order `ref` (out of the checkout hold `fromHold`); answers the undo of what this call took. */
  take(c: CountedThings, what: ToTake, ref: string, fromHold: string | undefined): Promise<GiveBack>;
  /** Holds it for the checkout `ref` until `until`; answers the undo. */
  hold(c: CountedThings, what: ToTake, ref: string, until: Date): Promise<GiveBack>;
  /** Gives back the checkout `ref`'s hold at once (its payment failed). */
  release(c: CountedThings, what: Taken, ref: string): Promise<unknown>;
  /** Gives back what the stored order `orderId` took (it was cancelled), once per order whatever is retried. */
  giveBack(c: CountedThings, what: Taken, orderId: string): Promise<unknown>;
  /** The order `ref` is stored: its take is kept for good (the sweep leaves it be). */
  confirm?(c: CountedThings, what: Taken, ref: string): void;
}

const UNITS: CountedTake = {
  thing: 'units',
  takenBy: () => true,
  take: async (c, what, ref, fromHold) => {
    const taken = await c.stock.take(ref, stockLines(what.items), { fromHold });
    return () => c.stock.untake(ref, taken);
  },
  hold: async (c, what, ref, until) => {
    const lines = stockLines(what.items);
    await c.stock.hold(ref, lines, until);
    return () => c.stock.release(ref, productIds(what));
  },
  release: (c, what, ref) => c.stock.release(ref, productIds(what)),
  // The "return" kind: the mark `return:<orderId>` makes it once per order (and per packing change).
  giveBack: (c, what, orderId) => c.stock.giveBack(orderId, stockLines(what.items)),
  confirm: (c, what, ref) => c.stock.confirm(ref, productIds(what)),
};

const COUPON_USE: CountedTake = {
  thing: 'coupon use',
  takenBy: (what) => !!what.coupon,
  take: async (c, what, ref, fromHold) => {
    const took = await c.coupons.take(what.userId, what.coupon!, ref, { fromHold });
    return async () => took && (await c.coupons.giveBack(what.userId, what.coupon!, ref));
  },
  hold: async (c, what, ref, until) => {
    const held = await c.coupons.take(what.userId, what.coupon!, ref, { until });
    return async () => held && (await c.coupons.giveBack(what.userId, what.coupon!, ref));
  },
  release: (c, what, ref) => c.coupons.giveBack(what.userId, what.coupon!, ref),
  giveBack: (c, what, orderId) => c.coupons.giveBack(what.userId, what.coupon!, orderStockRef(orderId)),
};

const SLOT_PLACE: CountedTake = {
  thing: 'slot place',
  takenBy: (what) => !!what.slot,
  take: async (c, what, ref, fromHold) => {
    const took = await c.slots.take(what.slot!, ref, { fromHold });
    return async () => took && (await c.slots.giveBack(what.slot!, ref));
  },
  hold: async (c, what, ref, until) => {
    const held = await c.slots.take(what.slot!, ref, { until });
    return async () => held && (await c.slots.giveBack(what.slot!, ref));
  },
  release: (c, what, ref) => c.slots.giveBack(what.slot!, ref),
  giveBack: (c, what, orderId) => c.slots.giveBack(what.slot!, orderStockRef(orderId)),
  confirm: (c, what, ref) => c.slots.confirm(what.slot!, ref),
};

/** Every counted thing, in the order they are taken (and given back; undone in reverse). */
const COUNTED: readonly CountedTake[] = [UNITS, COUPON_USE, SLOT_PLACE];

function productIds(what: Taken): string[] {
  return stockLines(what.items).map((line) => line.productId);
}

function takenBy(what: Taken): CountedTake[] {
  return COUNTED.filter((counted) => counted.takenBy(what));
}

/** A step whose undo is the give-back its run answered. */
function step(name: string, run: () => Promise<GiveBack>): Step {
  let undo: GiveBack | undefined;
  return { name, run: async () => (undo = await run()), undo: () => undo!() };
}

/** The steps that take what an order of `what` takes for `ref` (out of the checkout hold `fromHold`). */
export function takeSteps(c: CountedThings, what: ToTake, ref: string, fromHold?: string): Step[] {
  return takenBy(what).map((counted) => step(`take the ${counted.thing}`, () => counted.take(c, what, ref, fromHold)));
}

/** The steps that hold what a checkout of `what` takes for `ref` until `until`. */
export function holdSteps(c: CountedThings, what: ToTake, ref: string, until: Date): Step[] {
  return takenBy(what).map((counted) => step(`hold the ${counted.thing}`, () => counted.hold(c, what, ref, until)));
}

/** Gives back the checkout `ref`'s holds at once (its payment failed), in the order they were taken. */
export async function releaseHolds(c: CountedThings, what: Taken, ref: string): Promise<void> {
  for (const counted of takenBy(what)) await counted.release(c, what, ref);
}

/** Gives back what the stored order `orderId` took (cancelled), in the order it was taken; once per order. */
export async function giveBackStored(c: CountedThings, what: Taken, orderId: string): Promise<void> {
  for (const counted of takenBy(what)) await counted.giveBack(c, what, orderId);
}

/** The order `ref` is stored: what its steps took is kept for good. */
export function confirmTakes(c: CountedThings, what: Taken, ref: string): void {
  for (const counted of takenBy(what)) counted.confirm?.(c, what, ref);
}

/** What a stored order took, read from it (its coupon and slot as the order keeps them). */
export function takenByOrder(order: Pick<Order, 'user' | 'items' | 'coupon' | 'deliverySlot'>): Taken {
  return {
    userId: String(order.user),
    items: order.items,
    ...(order.coupon ? { coupon: { couponId: String(order.coupon.couponId), discountPaise: order.coupon.discountPaise } } : {}),
    ...(order.deliverySlot ? { slot: order.deliverySlot } : {}),
  };
}

/** The declarations above with the shop's counted things: what orders, checkouts, cancels and packing changes take and give back. */
@Injectable()
export class OrderTakes {
  private readonly counted: CountedThings;

  constructor(stock: StockService, coupons: OrderCoupons, slots: DeliverySlotsService) {
    this.counted = { stock, coupons, slots };
  }

  takeSteps(what: ToTake, ref: string, fromHold?: string): Step[] {
    return takeSteps(this.counted, what, ref, fromHold);
  }

  holdSteps(what: ToTake, ref: string, until: Date): Step[] {
    return holdSteps(this.counted, what, ref, until);
  }

  releaseHolds(what: Taken, ref: string): Promise<void> {
    return releaseHolds(this.counted, what, ref);
  }

  confirm(what: Taken, ref: string): void {
    confirmTakes(this.counted, what, ref);
  }

  /** A cancelled order's units, coupon use and slot place go back (once per order, whatever is retried). */
  giveBackOrder(order: Pick<Order, 'user' | 'items' | 'coupon' | 'deliverySlot'> & { _id: unknown }): Promise<void> {
    return giveBackStored(this.counted, takenByOrder(order), String(order._id));
  }

  /** A stored packing change's units packed fewer go back as a return too: once per change (the mark `return:<order>:adj:<key>`). */
  giveBackChange(orderId: string, changeKey: string, lines: readonly StockLine[]): Promise<void> {
    return this.counted.stock.giveBack(`${orderId}:adj:${changeKey}`, lines);
  }
}
