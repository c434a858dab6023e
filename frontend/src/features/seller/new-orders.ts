import { useSyncExternalStore } from 'react';

/** Orders that arrived live while the seller pages were open, and how many of them the seller has not looked at yet. */
interface NewOrders {
  ids: readonly string[];
  unseen: number;
}

let state: NewOrders = { ids: [], unseen: 0 };
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
  set({ ids: [...state.ids, orderId], unseen: seen ? state.unseen : state.unseen + 1 });
}

/** The seller opened the orders list. */
export function newOrdersSeen(): void {
  if (state.unseen) set({ ...state, unseen: 0 });
}

export function useNewOrders(): NewOrders {
  return useSyncExternalStore(subscribe, () => state);
}
