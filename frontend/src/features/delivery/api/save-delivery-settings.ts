import type { ApiSuccess, DeliverySettingsWithSlots } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from './keys';

/** PUT /api/seller/delivery: replaces the settings; answers them as saved. */
export async function saveDeliverySettings(settings: DeliverySettingsWithSlots): Promise<DeliverySettingsWithSlots> {
  const { areas, freeDeliveryAbove, minimumOrder, hours, express, slots, slotDays, closedDates } = await api.put<ApiSuccess<DeliverySettingsWithSlots>>(
    '/api/seller/delivery',
    settings,
  );
  return { areas, freeDeliveryAbove, minimumOrder, hours, express, slots, slotDays, closedDates };
}

export function useSaveDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliverySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(deliveryKeys.settings(), saved);
      // Every pincode's answer may have changed.
      void queryClient.invalidateQueries({ queryKey: [...deliveryKeys.all, 'check'] });
      void queryClient.invalidateQueries({ queryKey: ['slots'] });
    },
  });
}
