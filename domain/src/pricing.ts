/**
 * The one pricing function of the shop, used by the cart page and by the server
 * (whose result is what gets charged). Money is integer paise inside; rupees with
 * at most 2 decimals at the edges (spec/PRODUCT.md §4).
 */
export const TAX_PERCENT = 2;
export const SHIPPING_PAISE = 0;

export interface PricedLineInput {
  /** Offer price in rupees (at most 2 decimals). */
  offerPrice: number;
  quantity: number;
}

export interface PriceBreakdown {
  subtotalPaise: number;
  /** A coupon's discount (0 without one): taken off the subtotal before tax. */
  discountPaise: number;
  taxPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** Rupees (≤ 2 decimals) to integer paise, immune to float noise like 33.33 * 100 = 3332.9999. */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('price must be a finite number');
  return Math.round(rupees * 100);
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** What delivery to the address costs: the area's fee, waived once the subtotal reaches the free-delivery threshold. */
export interface DeliveryCharge {
  feePaise: number;
  /** Subtotal from which delivery is free (null or absent: never free unless the fee is 0). */
  freeAbovePaise?: number | null;
}

/** The delivery fee for a subtotal: 0 without a charge (the spec's free shipping), and 0 once the subtotal reaches the threshold. */
export function deliveryFeeFor(subtotalPaise: number, delivery?: DeliveryCharge | null): number {
  if (!delivery || delivery.feePaise <= 0) return SHIPPING_PAISE;
  if (delivery.freeAbovePaise !== undefined && delivery.freeAbovePaise !== null && subtotalPaise >= delivery.freeAbovePaise) return 0;
  return delivery.feePaise;
}

/** How much more the subtotal needs for free delivery ("Add ₹40 for free delivery"); 0 when it is free already or never. */
export function freeDeliveryGapPaise(subtotalPaise: number, delivery?: DeliveryCharge | null): number {
  if (!delivery || delivery.feePaise <= 0 || delivery.freeAbovePaise === undefined || delivery.freeAbovePaise === null) return 0;
  return Math.max(0, delivery.freeAbovePaise - subtotalPaise);
}

/** What a coupon takes off: a flat amount in rupees, or a percent of the items' subtotal (capped by `maxDiscount` rupees). */
export interface DiscountTerms {
  kind: 'percent' | 'flat';
  /** Percent 1–90, or rupees. */
  value: number;
  /** For a percent coupon: the most it takes off, in rupees. */
  maxDiscount?: number | null;
}

/**
 * A coupon's discount on a subtotal: the flat value, or the percent of the subtotal rounded down to the
 * paisa; capped by `maxDiscount` and by the subtotal itself (never below zero to pay for the items).
 */
export function discountFor(subtotalPaise: number, terms?: DiscountTerms | null): number {
  if (!terms || subtotalPaise <= 0) return 0;
  // A percent may have two decimals (12.5%): worked in hundredths of a percent, in whole numbers.
  let discount = terms.kind === 'flat' ? toPaise(terms.value) : Math.floor((subtotalPaise * Math.round(terms.value * 100)) / 10_000);
  if (terms.kind === 'percent' && terms.maxDiscount !== undefined && terms.maxDiscount !== null) discount = Math.min(discount, toPaise(terms.maxDiscount));
  return Math.max(0, Math.min(discount, subtotalPaise));
}

/**
 * Subtotal = Σ offerPrice × quantity; the coupon's discount off it (see discountFor); tax = 2% of
 * (subtotal − discount) rounded down to the paisa; delivery fee after tax (the area's fee, 0 by default
 * and once the subtotal — before the discount — reaches the free-delivery threshold).
 * Total = subtotal − discount + tax + delivery fee.
 */
export function priceCart(lines: readonly PricedLineInput[], delivery?: DeliveryCharge | null, coupon?: DiscountTerms | null): PriceBreakdown {
  let subtotalPaise = 0;
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError('quantity must be a non-negative integer');
    subtotalPaise += toPaise(line.offerPrice) * line.quantity;
  }
  return totalFor(subtotalPaise, discountFor(subtotalPaise, coupon), subtotalPaise > 0 ? deliveryFeeFor(subtotalPaise, delivery) : 0);
}

/**
 * The money rule itself, from a subtotal, a discount already decided and a fee already decided: tax = 2%
 * of (subtotal − discount) rounded down to the paisa; total = subtotal − discount + tax + fee. priceCart
 * and an order changed while packing (repriceAdjusted) both price through it.
 */
export function totalFor(subtotalPaise: number, discountPaise: number, shippingPaise: number): PriceBreakdown {
  const taxPaise = Math.floor(((subtotalPaise - discountPaise) * TAX_PERCENT) / 100);
  return { subtotalPaise, discountPaise, taxPaise, shippingPaise, totalPaise: subtotalPaise - discountPaise + taxPaise + shippingPaise };
}

/**
 * "₹1,234.50" in the Indian grouping ("₹1,25,000.00"). Written out rather than with Intl: building an
 * en-IN number format costs a phone tens of milliseconds, on the first price of every page.
 */
export function formatRupees(paise: number): string {
  const whole = Math.round(Math.abs(paise));
  const rupees = String(Math.floor(whole / 100));
  const grouped = rupees.length > 3 ? `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}` : rupees;
  return `₹${paise < 0 && whole > 0 ? '-' : ''}${grouped}.${String(whole % 100).padStart(2, '0')}`;
}
