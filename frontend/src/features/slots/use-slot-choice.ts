import { useState } from 'react';
import { useDeliverySlots } from './api/get-delivery-slots';

/**
 * The checkout's delivery time: the slots for the pincode, the one chosen (null: express), and what the
 * checkout step needs to know (undefined while the shop offers no slots; `slotsChecking` until it has answered).
 */
export function useSlotChoice(pincode: string | null | undefined) {
  const [slotId, setSlotId] = useState<string | null>(null);
  const query = useDeliverySlots(pincode);
  const slots = query.data;
  const chosenSlot = slotId ?? undefined;
  const slotChoice =
    // No slots offered: the checkout's own steps (closed, not served) say what to do.
    slots?.days.length ? { chosen: !!chosenSlot, ...(slots.express.available ? {} : { expressUnavailable: slots.express.message }) } : undefined;
  // Asked and not answered yet (false while there is no pincode to ask for, or once the answer or an error is in).
  const slotsChecking = query.isLoading;
  return { slots, slotId, setSlotId, chosenSlot, slotChoice, slotsChecking };
}
