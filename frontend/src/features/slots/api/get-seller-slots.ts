import type { OrderView, PackerSlot, PickList } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

/** GET /api/seller/slots: the slots of the days shoppers can choose, with their orders (seller). */
export async function getSellerSlots(signal?: AbortSignal): Promise<PackerSlot[]> {
  return (await api.get<{ success: true; slots: PackerSlot[] }>('/api/seller/slots', { signal })).slots;
}

export function useSellerSlots() {
  return useQuery(queryOptions({ queryKey: slotKeys.seller(), queryFn: ({ signal }) => getSellerSlots(signal), staleTime: 15_000 }));
}

/** GET /api/seller/slots/:date/:start/orders: a slot's orders, oldest first. */
export async function getSlotOrders(slotId: string, signal?: AbortSignal): Promise<OrderView[]> {
  const [date, start] = slotId.split('T');
  return (await api.get<{ success: true; orderdata: OrderView[] }>(`/api/seller/slots/${date}/${start}/orders`, { signal })).orderdata;
}

/** The orders of the slot chosen (nothing asked while none is). */
export function useSlotOrders(slotId: string | null) {
  return useQuery({ queryKey: slotKeys.orders(slotId ?? ''), queryFn: ({ signal }) => getSlotOrders(slotId!, signal), enabled: !!slotId });
}

/** GET /api/seller/slots/:date/:start/picklist. */
export async function getPickList(date: string, start: string, signal?: AbortSignal): Promise<PickList> {
  return api.get<PickList>(`/api/seller/slots/${date}/${start}/picklist`, { signal });
}

export function usePickList(date: string, start: string) {
  return useQuery({ queryKey: slotKeys.pickList(date, start), queryFn: ({ signal }) => getPickList(date, start, signal) });
}

/** Where the pick list's CSV downloads from. */
export const pickListCsvUrl = (date: string, start: string) => `/api/seller/slots/${date}/${start}/picklist.csv`;
