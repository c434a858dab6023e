import type { CartItems } from './schemas/cart.schema';

/** A shopper's saved cart changed (from any tab, device or instance); published after the write. */
export const CART_CHANGED = 'cart.changed';

export interface CartChangedEvent {
  userId: string;
  cartItems: CartItems;
  version: number;
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [CART_CHANGED]: CartChangedEvent;
  }
}
