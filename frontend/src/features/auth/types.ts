import type { CartItems } from '@/features/cart/cart-logic';

export interface User {
  _id: string;
  firstName: string;
  email: string;
  /** The shopper's saved cart: product id → quantity. */
  cartItems: CartItems;
}

export interface AuthResponse {
  success: true;
  userData: User;
  message?: string;
}
