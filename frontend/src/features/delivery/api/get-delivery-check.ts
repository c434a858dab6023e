import { PINCODE_PATTERN, type DeliveryCheck } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from './keys';

/** GET /api/delivery?pincode=…: whether, when and for how much the shop delivers there now. */
export function getDeliveryCheck(pincode: string, signal?: AbortSignal): Promise<DeliveryCheck> {
  return api.get<DeliveryCheck>('/api/delivery', { params: { pincode }, signal });
}

export const getDeliveryCheckQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: deliveryKeys.check(pincode),
    queryFn: ({ signal }) => getDeliveryCheck(pincode, signal),
    // Opening hours change what it says: asked again after a minute, and when the tab comes back.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

/** The delivery answer for a pincode (nothing asked while there is no well-formed pincode). */
export function useDeliveryCheck(pincode: string | null | undefined) {
  const valid = !!pincode && PINCODE_PATTERN.test(pincode);
  return useQuery({ ...getDeliveryCheckQueryOptions(valid ? pincode : ''), enabled: valid });
}
