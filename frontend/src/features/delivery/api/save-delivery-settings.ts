import type { ApiSuccess, DeliverySettings } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from './keys';

/** PUT /api/seller/delivery: replaces the settings; answers them as saved. */
export async function saveDeliverySettings(settings: DeliverySettings): Promise<DeliverySettings> {
  const { areas, freeDeliveryAbove, minimumOrder, hours } = await api.put<ApiSuccess<DeliverySettings>>('/api/seller/delivery', settings);
  return { areas, freeDeliveryAbove, minimumOrder, hours };
}

export function useSaveDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliverySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(deliveryKeys.settings(), saved);
      // Every pincode's answer may have changed.
      void queryClient.invalidateQueries({ queryKey: [...deliveryKeys.all, 'check'] });
    },
  });
}
