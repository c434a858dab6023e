import { MAX_LINE_QUANTITY } from '@greencart/domain';

/** A cart: product id → quantity (a positive integer, at most MAX_LINE_QUANTITY). Entries at 0 do not exist. */
export type CartItems = Readonly<Record<string, number>>;

export const EMPTY_CART: CartItems = Object.freeze({});

function isQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Add one of a product (spec: add increments by 1). */
export function addItem(cart: CartItems, productId: string): CartItems {
  return setQuantity(cart, productId, (cart[productId] ?? 0) + 1);
}

/** Replace a product's quantity; 0 or less removes the line. */
export function setQuantity(cart: CartItems, productId: string, quantity: number): CartItems {
  if (!Number.isFinite(quantity)) throw new RangeError('quantity must be a number');
  const wanted = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  if (wanted <= 0) {
    if (!(productId in cart)) return cart;
    const { [productId]: _removed, ...rest } = cart;
    return rest;
  }
  if (cart[productId] === wanted) return cart;
  return { ...cart, [productId]: wanted };
}

/** Take one away (spec: remove decrements by 1 and deletes the entry at 0). */
export function removeItem(cart: CartItems, productId: string): CartItems {
  const current = cart[productId];
  if (current === undefined) return cart;
  return setQuantity(cart, productId, current - 1);
}

/** Drop a whole line whatever its quantity. */
export function deleteLine(cart: CartItems, productId: string): CartItems {
  return setQuantity(cart, productId, 0);
}

/** Total number of items (the badge count): the sum of quantities. */
export function countItems(cart: CartItems): number {
  let count = 0;
  for (const quantity of Object.values(cart)) count += quantity;
  return count;
}

/** What is left of `current` once the quantities in `sent` are taken out (after a merge succeeded). */
export function subtractCart(current: CartItems, sent: CartItems): CartItems {
  const left: Record<string, number> = {};
  for (const [productId, quantity] of Object.entries(current)) {
    const remaining = quantity - (sent[productId] ?? 0);
    if (remaining > 0) left[productId] = remaining;
  }
  return left;
}

/** Keep only well-formed entries of anything read from storage or the network. */
export function sanitizeCart(value: unknown): CartItems {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return EMPTY_CART;
  const cart: Record<string, number> = {};
  for (const [productId, quantity] of Object.entries(value)) {
    if (productId && isQuantity(quantity)) cart[productId] = Math.min(quantity, MAX_LINE_QUANTITY);
  }
  return cart;
}

/** The lines that differ between two carts: product id → its quantity in `next` (0 when it left). */
export function changedLines(previous: CartItems, next: CartItems): CartItems {
  const lines: Record<string, number> = {};
  for (const [productId, quantity] of Object.entries(next)) if (previous[productId] !== quantity) lines[productId] = quantity;
  for (const productId of Object.keys(previous)) if (!(productId in next)) lines[productId] = 0;
  return lines;
}

export function cartsEqual(a: CartItems, b: CartItems): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Options of the quantity select: 1–9, or up to the current quantity when it is higher (spec §5); for a
 * counted product they stop at what is left (`left`), keeping the current quantity so the select shows it.
 */
export function quantityOptions(current: number, left?: number | null): number[] {
  const now = Math.floor(current) || 0;
  let highest = Math.max(9, now);
  if (typeof left === 'number') highest = Math.max(Math.min(highest, left), now, 1);
  return Array.from({ length: highest }, (_, index) => index + 1);
}

/** The most of a product one line may hold: the server's line limit, and for a counted product what is left. */
export function lineLimit(left?: number | null): number {
  return typeof left === 'number' ? Math.min(MAX_LINE_QUANTITY, left) : MAX_LINE_QUANTITY;
}

/** The subset of the Storage interface the guest cart needs (localStorage, or a stub in tests). */
export interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const GUEST_CART_KEY = 'greencart:guest-cart';

export function readGuestCart(storage: CartStorage): CartItems {
  try {
    const raw = storage.getItem(GUEST_CART_KEY);
    return raw ? sanitizeCart(JSON.parse(raw)) : EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

export function writeGuestCart(storage: CartStorage, cart: CartItems): void {
  try {
    if (Object.keys(cart).length === 0) storage.removeItem(GUEST_CART_KEY);
    else storage.setItem(GUEST_CART_KEY, JSON.stringify(cart));
  } catch {
    // Storage full or disabled (private mode): the cart still works for this page's life.
  }
}
