import type { ApiSuccess, DeliverySettingsWithSlots } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from './keys';

/** GET /api/seller/delivery (seller only). */
export async function getDeliverySettings(signal?: AbortSignal): Promise<DeliverySettingsWithSlots> {
  const { areas, freeDeliveryAbove, minimumOrder, hours, express, slots, slotDays, closedDates } = await api.get<ApiSuccess<DeliverySettingsWithSlots>>(
    '/api/seller/delivery',
    { signal },
  );
  return { areas, freeDeliveryAbove, minimumOrder, hours, express, slots, slotDays, closedDates };
}

export const getDeliverySettingsQueryOptions = () => queryOptions({ queryKey: deliveryKeys.settings(), queryFn: ({ signal }) => getDeliverySettings(signal) });

export function useDeliverySettings() {
  return useQuery(getDeliverySettingsQueryOptions());
}
