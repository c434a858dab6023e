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

/** A new order came in; `seen` when the seller is looking at the orders list already. False when it was counted already. */
export function orderArrived(orderId: string, seen: boolean): boolean {
  if (state.ids.includes(orderId)) return false;
  set({ ...state, ids: [...state.ids, orderId], unseen: seen ? state.unseen : state.unseen + 1 });
  return true;
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

/**
 * The orders of `latest` placed after every order of `known` (both the shop's newest orders, newest
 * first), oldest first: orders that came in while nobody was listening for them.
 */
export function placedAfter<O extends { _id: string; createdAt: string }>(known: readonly O[], latest: readonly O[]): O[] {
  const knownIds = new Set(known.map((order) => order._id));
  const newest = Math.max(-Infinity, ...known.map((order) => Date.parse(order.createdAt)));
  return latest.filter((order) => !knownIds.has(order._id) && Date.parse(order.createdAt) >= newest).reverse();
}
