import { formatRupees, totalFor, TAX_PERCENT, type PriceBreakdown } from './pricing';
import type { TaxMode } from './tax-rates';

/**
 * Packing day (issue 39): the shop packs less than ordered or substitutes, and the order is priced again
 * by the one money rule (pricing.ts totalFor). Prices never rise: a substitute costs at most what it
 * replaces; the delivery fee stays as placed (none when nothing is packed); the minimum order is not
 * judged again; a coupon's discount stays what it was at placing, capped by the new subtotal.
 */
export const SUBSTITUTION_CHOICES = ['refund', 'similar'] as const;
/** The shopper's answer to "If an item is not available": refund it (the default) or replace it with a similar item. */
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];

/** Razorpay refunds no less than ₹1: a smaller difference on an online order is paid back in cash instead. */
export const MIN_ONLINE_REFUND_PAISE = 100;

/** What the shopper reads (page, mail, push) of a difference too small to refund online. */
export function paidBackInCash(amountPaise: number, delivered = false): string {
  return `${formatRupees(amountPaise)} ${delivered ? 'paid back to you' : 'will be paid back to you'} in cash on delivery (online refunds start at ${formatRupees(MIN_ONLINE_REFUND_PAISE)}).`;
}

/** What the shopper reads about when a refund reaches their account. */
export const REFUND_ARRIVES_IN = '5–7 working days';

/** One line of the order as it stands, and how many of its units were packed (0..quantity). */
export interface PackedLine {
  unitPaise: number;
  quantity: number;
  packed: number;
}

/** A substitute for line `forLine`: its own price per unit and how many. */
export interface SubstituteLine {
  forLine: number;
  unitPaise: number;
  quantity: number;
}

export interface AdjustInput {
  lines: readonly PackedLine[];
  substitutes?: readonly SubstituteLine[];
  /** The discount on the order now (a coupon's, 0 without). */
  discountPaise: number;
  /** The delivery fee charged at placing. */
  shippingPaise: number;
  /** What the order costs now (before this change). */
  totalBeforePaise: number;
  /** The order's tax mode (issue 54; absent: `flat`, 2% added). In the others nothing is added: the tax is inside the prices or none. */
  taxMode?: TaxMode;
}

export interface AdjustedPrice extends PriceBreakdown {
  /** Each substitute's price per unit as charged: its own, or less so the line costs no more than what it replaces. */
  substituteUnitPaise: number[];
  /** What goes back to the shopper (or is no longer to be collected): never negative. */
  differencePaise: number;
  /** Nothing packed and nothing substituted: the order is cancelled. */
  cancels: boolean;
}

/** 400-style refusal of an impossible change (the backend words it for the seller). */
export class AdjustRefused extends RangeError {}

/**
 * The order's new price after packing. A substitute's charge is capped by the value of the units it
 * replaces (`unit × (quantity − packed)` of its line, shared by several substitutes of one line in
 * turn); a capped charge is spread as a whole number of paise per unit, rounded down (to the shopper's
 * benefit). Throws AdjustRefused for packed counts outside 0..quantity or a substitute for a line fully packed.
 */
export function repriceAdjusted(input: AdjustInput): AdjustedPrice {
  const room = input.lines.map((line, index) => {
    if (!Number.isInteger(line.packed) || line.packed < 0 || line.packed > line.quantity) {
      throw new AdjustRefused(`Line ${index}: packed must be a whole number from 0 to ${line.quantity}`);
    }
    return line.unitPaise * (line.quantity - line.packed);
  });
  let subtotalPaise = input.lines.reduce((sum, line) => sum + line.unitPaise * line.packed, 0);
  const substituteUnitPaise: number[] = [];
  for (const sub of input.substitutes ?? []) {
    const left = room[sub.forLine];
    if (left === undefined) throw new AdjustRefused(`A substitute names line ${sub.forLine}, which the order does not have`);
    if (!Number.isInteger(sub.quantity) || sub.quantity < 1) throw new AdjustRefused('A substitute needs a quantity of at least 1');
    if (left <= 0) throw new AdjustRefused(`Line ${sub.forLine} is packed in full: nothing to replace`);
    const unit = Math.min(sub.unitPaise, Math.floor(left / sub.quantity));
    room[sub.forLine] = left - unit * sub.quantity;
    substituteUnitPaise.push(unit);
    subtotalPaise += unit * sub.quantity;
  }
  const cancels = subtotalPaise === 0 && substituteUnitPaise.length === 0;
  const discountPaise = Math.min(input.discountPaise, subtotalPaise);
  const shippingPaise = subtotalPaise > 0 ? input.shippingPaise : 0;
  const price =
    (input.taxMode ?? 'flat') === 'flat'
      ? totalFor(subtotalPaise, discountPaise, shippingPaise)
      : { subtotalPaise, discountPaise, taxPaise: 0, shippingPaise, totalPaise: subtotalPaise - discountPaise + shippingPaise };
  return { ...price, substituteUnitPaise, differencePaise: Math.max(0, input.totalBeforePaise - price.totalPaise), cancels };
}

/** How long after delivery the shopper may report a problem with the order. */
export const ISSUE_WINDOW_HOURS = 24;
export const ISSUE_REASONS = ['missing', 'damaged', 'wrong', 'quality'] as const;
export type IssueReason = (typeof ISSUE_REASONS)[number];
export const ISSUE_NOTE_MAX = 500;

/** Whether a report made at `now` is within the window after `deliveredAt`. */
export function withinIssueWindow(deliveredAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - deliveredAt.getTime() <= ISSUE_WINDOW_HOURS * 3600_000 && now.getTime() >= deliveredAt.getTime();
}

/**
 * The most a problem report can refund: the reported units' value with their 2% tax (rounded down to the
 * paisa) in `flat` mode; in the other modes their value (any GST is inside it).
 */
export function issueRefundCapPaise(lines: readonly { unitPaise: number; quantity: number }[], taxMode: TaxMode = 'flat'): number {
  const value = lines.reduce((sum, line) => sum + line.unitPaise * line.quantity, 0);
  return value + (taxMode === 'flat' ? Math.floor((value * TAX_PERCENT) / 100) : 0);
}
