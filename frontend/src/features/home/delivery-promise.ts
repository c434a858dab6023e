import { useDeliveryCheck, useStoredPincode } from '@/features/delivery';
import { pluralize } from '@/lib/pluralize';

/**
 * The delivery time the home page may promise: the shop's own ETA for the pincode this browser gave (the
 * delivery settings' area, as GET /api/delivery answers it); without one, no number at all.
 */
export function useDeliveryPromise(): { badge: string; reason: string } {
  const pincode = useStoredPincode();
  const check = useDeliveryCheck(pincode).data;
  if (check?.serviceable && check.etaMinutes) {
    const minutes = pluralize(check.etaMinutes, 'minute');
    return { badge: `Delivered in ${minutes} to ${check.pincode}`, reason: `Groceries delivered in ${minutes} to ${check.pincode}.` };
  }
  return { badge: 'Fresh groceries delivered to your door', reason: 'Enter your pincode above to see how soon we deliver to you.' };
}
