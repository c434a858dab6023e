import { PINCODE_PATTERN, type DeliverySlots } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

/** GET /api/delivery/slots?pincode=…: express now (or why not) and the next days' slots with the places left. */
export function getDeliverySlots(pincode: string, signal?: AbortSignal): Promise<DeliverySlots> {
  return api.get<DeliverySlots>('/api/delivery/slots', { params: { pincode }, signal });
}

export const getDeliverySlotsQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: slotKeys.forPincode(pincode),
    queryFn: ({ signal }) => getDeliverySlots(pincode, signal),
    // Places go as others order: asked again after half a minute, and when the tab comes back.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** The slots for a pincode (nothing asked while there is no well-formed pincode). */
export function useDeliverySlots(pincode: string | null | undefined) {
  const valid = !!pincode && PINCODE_PATTERN.test(pincode);
  return useQuery({ ...getDeliverySlotsQueryOptions(valid ? pincode : ''), enabled: valid });
}
