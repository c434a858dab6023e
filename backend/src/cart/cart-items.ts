import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@greencart/domain';
import type { CartItems } from './schemas/cart.schema';

const PRODUCT_ID = /^[0-9a-f]{24}$/;

const shown = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);

/** Why `value` is not a cart (product id → whole quantity 0–99, at most 100 lines), or null when it is one. */
export function cartItemsProblem(value: unknown): string | null {
  if (value === undefined || value === null) return 'cartItems is required';
  if (typeof value !== 'object' || Array.isArray(value)) return 'cartItems must be an object of product id → quantity';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_CART_LINES) return `A cart holds at most ${MAX_CART_LINES} different products`;
  for (const [key, quantity] of entries) {
    if (!PRODUCT_ID.test(key)) return `${shown(key)} is not a valid product id`;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY) {
      return `Quantity for product ${key} must be a whole number from 0 to ${MAX_LINE_QUANTITY}`;
    }
  }
  return null;
}

/** The cart without its 0 lines (0 means "remove"), as a fresh plain object. */
export function withoutZeros(items: CartItems): CartItems {
  const cart: CartItems = {};
  for (const [id, quantity] of Object.entries(items)) if (quantity > 0) cart[id] = quantity;
  return cart;
}
