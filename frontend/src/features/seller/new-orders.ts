import { useSyncExternalStore } from 'react';

/**
 * Orders that arrived live while the seller pages were open, the orders shoppers cancelled meanwhile,
 * and how many of each the seller has not looked at yet (the count on the Orders menu entry).
 */
interface NewOrders {
  ids: readonly string[];
  unseen: number;
  cancelledIds: readonly string[];
  unseenCancelled: number;
}

let state: NewOrders = { ids: [], unseen: 0, cancelledIds: [], unseenCancelled: 0 };
const listeners = new Set<() => void>();

function set(next: NewOrders) {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A new order came in; `seen` when the seller is looking at the orders list already. */
export function orderArrived(orderId: string, seen: boolean): void {
  if (state.ids.includes(orderId)) return;
  set({ ...state, ids: [...state.ids, orderId], unseen: seen ? state.unseen : state.unseen + 1 });
}

/** A shopper cancelled an order; false when it was counted already (its refund updates the order again). */
export function orderCancelled(orderId: string): boolean {
  if (state.cancelledIds.includes(orderId)) return false;
  set({ ...state, cancelledIds: [...state.cancelledIds, orderId], unseenCancelled: state.unseenCancelled + 1 });
  return true;
}

/** The seller opened the orders list, or tapped Orders while on it. */
export function newOrdersSeen(): void {
  if (state.unseen || state.unseenCancelled) set({ ...state, unseen: 0, unseenCancelled: 0 });
}

export function useNewOrders(): NewOrders {
  return useSyncExternalStore(subscribe, () => state);
}
