import type { PaymentType } from '@greencart/domain';

/**
 * The Idempotency-Key of a checkout attempt. Clicking twice or retrying after a network
 * failure sends the same key, so the server places the order once; a new key is made once
 * the order went through, or when what is being ordered changed (cart, address, payment, coupon).
 */
interface CheckoutAttempt {
  key: string;
  fingerprint: string;
}

export interface CheckoutContent {
  addressId: string;
  paymentType: PaymentType;
  items: readonly { product: string; variant?: string; quantity: number }[];
  /** The coupon's code: an order with it and one without are different attempts. */
  coupon?: string;
  /** The delivery slot chosen: another slot is another attempt. */
  slot?: string;
}

/** The same text for the same order content, whatever the order of the lines. */
export function checkoutFingerprint({ addressId, paymentType, items, coupon, slot }: CheckoutContent): string {
  // The pack size is part of a line: 2 × 1 kg and 2 × 5 kg are different orders.
  const lines = items.map((item) => `${item.product}${item.variant ? `:${item.variant}` : ''}x${item.quantity}`).sort();
  const asked: unknown[] = coupon ? [addressId, paymentType, lines, coupon] : [addressId, paymentType, lines];
  if (slot) asked.push({ slot });
  return JSON.stringify(asked);
}

/** Keep the current attempt for the same content; start a new one otherwise. */
function attemptFor(current: CheckoutAttempt | null, fingerprint: string, newKey: () => string): CheckoutAttempt {
  return current && current.fingerprint === fingerprint ? current : { key: newKey(), fingerprint };
}

/** A random UUID; crypto.randomUUID needs a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One checkout's key holder: `keyFor` while trying, `finish` once the order is placed. */
export function createCheckoutAttempts(newKey: () => string = newIdempotencyKey) {
  let current: CheckoutAttempt | null = null;
  return {
    keyFor(content: CheckoutContent): string {
      current = attemptFor(current, checkoutFingerprint(content), newKey);
      return current.key;
    },
    finish(): void {
      current = null;
    },
  };
}
