import { formatRupees, toPaise, type DeliveryCheck, type TaxMode } from '@greencart/domain';
import { pluralize } from '@/lib/pluralize';
import { itemsComeBefore } from './tax-words';

/** What the shopper has to do before the order can be placed: a short order for the bar, and why. */
export interface CheckoutStep {
  kind: 'short' | 'nothing' | 'address' | 'unserved' | 'checking' | 'closed' | 'minimum' | 'slot';
  /** "Add ₹24.50 of items", "Fix 1 item", "Choose a delivery address". */
  message: string;
  detail: string;
  /** Whether Place Order waits for it (a missing address is said again on a tap instead). */
  blocks: boolean;
}

export interface CheckoutState {
  /** Lines asking for more than is left. */
  shortCount: number;
  /** Lines that can be ordered (sold, in stock, not short). */
  orderableCount: number;
  /** Signed in, with the saved addresses loaded and none to deliver to. */
  needsAddress: boolean;
  /** The shop's answer for the address (or pincode) the order goes to, once known. */
  delivery: DeliveryCheck | undefined;
  /** The items' subtotal (before delivery, and before tax in `flat` mode), which the minimum order counts. */
  subtotalPaise: number;
  /** The shop's tax mode (issue 54): whether tax is added after the items (`flat`, the default) or is inside their prices. */
  taxMode?: TaxMode;
  /** Delivery slots (issue 41): whether one is chosen, and why express cannot be had now (undefined: it can, or no slots are offered). */
  slot?: { chosen: boolean; expressUnavailable?: string };
  /** The delivery slots are asked for and not answered yet: while the shop is closed, whether a slot can be chosen is not known. */
  slotsChecking?: boolean;
}

/** The first thing standing between the cart and an order, or null (the server refuses the same). */
export function checkoutStep({
  shortCount,
  orderableCount,
  needsAddress,
  delivery,
  subtotalPaise,
  taxMode = 'flat',
  slot,
  slotsChecking,
}: CheckoutState): CheckoutStep | null {
  if (shortCount > 0) {
    return {
      kind: 'short',
      message: `Fix ${pluralize(shortCount, 'item')}`,
      detail: 'Fewer are left than in your cart: lower the marked quantities.',
      blocks: true,
    };
  }
  if (orderableCount === 0) {
    return { kind: 'nothing', message: 'Nothing here can be ordered now', detail: 'Out-of-stock items are left out of the order.', blocks: true };
  }
  if (needsAddress)
    return { kind: 'address', message: 'Choose a delivery address', detail: 'Add one to see when it arrives and what delivery costs.', blocks: false };
  if (!delivery) return null;
  if (!delivery.serviceable) return { kind: 'unserved', message: 'Choose another address', detail: `${delivery.message}.`, blocks: true };
  // Without express now, a slot is what the order waits for; with one chosen, the shop's hours do not matter.
  if (slot && !slot.chosen && slot.expressUnavailable !== undefined)
    return { kind: 'slot', message: 'Choose a delivery slot', detail: `${slot.expressUnavailable}.`.replace(/\.\.$/, '.'), blocks: true };
  if (!delivery.open && !slot?.chosen) {
    // Not "Order from 07:00" for a moment before the slots answer that one can be chosen now.
    if (slotsChecking)
      return { kind: 'checking', message: 'Checking delivery times…', detail: 'One moment: the shop’s delivery slots are loading.', blocks: true };
    return { kind: 'closed', message: `Order from ${delivery.opensAt}`, detail: `The shop is closed now; it opens at ${delivery.opensAt}.`, blocks: true };
  }
  const minimumPaise = delivery.minimumOrder === undefined ? 0 : toPaise(delivery.minimumOrder);
  if (subtotalPaise < minimumPaise) {
    return {
      kind: 'minimum',
      message: `Add ${formatRupees(minimumPaise - subtotalPaise)} of items`,
      detail: `The minimum order is ${formatRupees(minimumPaise)} of items, ${itemsComeBefore(taxMode)}.`,
      blocks: true,
    };
  }
  return null;
}
