import { useDeliveryPromise } from '../delivery-promise';

/** The hero's promise: the shop's ETA for this browser's pincode (loaded after the first paint, with the delivery check). */
export function DeliveryBadge() {
  return <>{useDeliveryPromise().badge}</>;
}
