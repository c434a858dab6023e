import { MAX_CART_LINES, MAX_LINE_QUANTITY, parseCartKey } from '@greencart/domain';
import type { CartItems } from './schemas/cart.schema';

const shown = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);

/** Why `value` is not a cart (product id, or "productId:packSizeId", → whole quantity 0–99, at most 100 lines), or null when it is one. */
export function cartItemsProblem(value: unknown): string | null {
  if (value === undefined || value === null) return 'cartItems is required';
  if (typeof value !== 'object' || Array.isArray(value)) return 'cartItems must be an object of product id → quantity';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_CART_LINES) return `A cart holds at most ${MAX_CART_LINES} different products`;
  for (const [key, quantity] of entries) {
    // Lower-case hex only: a key is stored as sent, and two spellings of one id would be two lines.
    if (key !== key.toLowerCase() || !parseCartKey(key)) return `${shown(key)} is not a valid product id (or "productId:packSizeId")`;
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

/** The cart's lines as order lines: a key "productId:packSizeId" names that pack size, a plain id the default one. */
export function cartLines(items: CartItems): { product: string; variant?: string; quantity: number }[] {
  return Object.entries(items).flatMap(([key, quantity]) => {
    const parsed = parseCartKey(key);
    if (!parsed || quantity <= 0) return [];
    return [{ product: parsed.productId, ...(parsed.packSizeId ? { variant: parsed.packSizeId } : {}), quantity }];
  });
}
