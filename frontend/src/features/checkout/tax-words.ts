import { TAX_PERCENT, type TaxMode } from '@greencart/domain';

/** What the phone bar's total holds: "incl. 2% tax & delivery" (`flat`), "incl. GST" (`gst`), only the delivery where no tax is charged. */
export function totalNote(taxMode: TaxMode, withDelivery: boolean): string {
  const tax = taxMode === 'flat' ? `${TAX_PERCENT}% tax` : taxMode === 'gst' ? 'GST' : '';
  const parts = [tax, withDelivery ? 'delivery' : ''].filter(Boolean);
  return parts.length ? `incl. ${parts.join(' & ')}` : '';
}

/** What the items' subtotal (which the minimum order counts) comes before: tax only where tax is added on top (`flat`). */
export function itemsComeBefore(taxMode: TaxMode): string {
  return taxMode === 'flat' ? 'before tax and delivery' : 'before delivery';
}

/** The phone bar's words under the items' subtotal while the minimum is not reached. */
export function itemsOnlyNote(taxMode: TaxMode): string {
  return taxMode === 'flat' ? 'items, before tax' : 'items, before delivery';
}
