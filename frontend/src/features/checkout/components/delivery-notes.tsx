import { formatRupees as rupees, freeDeliveryGapPaise, toPaise, type DeliveryCharge, type DeliveryCheck, type TaxMode } from '@greencart/domain';
import { itemsComeBefore } from '../tax-words';

/** The area's fee and free-delivery threshold, as the pricing function takes them (none: the spec's free delivery). */
export function deliveryCharge(delivery: DeliveryCheck | undefined): DeliveryCharge | undefined {
  if (!delivery?.serviceable || !delivery.fee) return undefined;
  return { feePaise: toPaise(delivery.fee), freeAbovePaise: delivery.freeDeliveryAbove === undefined ? null : toPaise(delivery.freeDeliveryAbove) };
}

/**
 * "Delivery in 25 min" and "Add ₹40 for free delivery" under the total. The express time only with `expressTime` (not with a
 * slot chosen, nor while the slots are loading and may say express is not to be had).
 */
export function DeliveryNotes({
  delivery,
  subtotalPaise,
  expressTime,
  taxMode = 'flat',
}: {
  delivery: DeliveryCheck | undefined;
  subtotalPaise: number;
  expressTime: boolean;
  taxMode?: TaxMode;
}) {
  if (!delivery?.serviceable) return null;
  const charge = deliveryCharge(delivery);
  const gap = freeDeliveryGapPaise(subtotalPaise, charge);
  return (
    <div className="mt-4 space-y-1 text-sm" data-testid="delivery-notes">
      {delivery.open && expressTime && (
        <p className="text-gray-700">
          Delivery in {delivery.etaMinutes} min to {delivery.pincode}
        </p>
      )}
      {gap > 0 && <p className="font-medium text-primary-dull">Add {rupees(gap)} for free delivery</p>}
      {delivery.minimumOrder !== undefined && (
        <p className="text-gray-600">
          Minimum order {rupees(toPaise(delivery.minimumOrder))} of items (the items subtotal, {itemsComeBefore(taxMode)})
        </p>
      )}
    </div>
  );
}
