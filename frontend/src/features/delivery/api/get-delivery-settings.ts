import type { ApiSuccess, DeliverySettings } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from './keys';

/** GET /api/seller/delivery (seller only). */
export async function getDeliverySettings(signal?: AbortSignal): Promise<DeliverySettings> {
  const { areas, freeDeliveryAbove, minimumOrder, hours } = await api.get<ApiSuccess<DeliverySettings>>('/api/seller/delivery', { signal });
  return { areas, freeDeliveryAbove, minimumOrder, hours };
}

export const getDeliverySettingsQueryOptions = () => queryOptions({ queryKey: deliveryKeys.settings(), queryFn: ({ signal }) => getDeliverySettings(signal) });

export function useDeliverySettings() {
  return useQuery(getDeliverySettingsQueryOptions());
}
