import { describe, expect, it } from 'vitest';
import { checkoutFingerprint, createCheckoutAttempts, newIdempotencyKey, type CheckoutContent } from './checkout-attempt';

const content: CheckoutContent = {
  addressId: 'addr1',
  paymentType: 'COD',
  items: [
    { product: 'p1', quantity: 2 },
    { product: 'p2', quantity: 1 },
  ],
};

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('checkout idempotency key', () => {
  it('keeps the same key for a double click or a retry of the same order', () => {
    const attempts = createCheckoutAttempts(counter());
    expect(attempts.keyFor(content)).toBe('key-1');
    expect(attempts.keyFor(content)).toBe('key-1');
    expect(attempts.keyFor({ ...content, items: [...content.items].reverse() })).toBe('key-1');
  });

  it('makes a new key once the order went through', () => {
    const attempts = createCheckoutAttempts(counter());
    attempts.keyFor(content);
    attempts.finish();
    expect(attempts.keyFor(content)).toBe('key-2');
  });

  it('makes a new key when the cart, the address or the payment changes', () => {
    const attempts = createCheckoutAttempts(counter());
    expect(attempts.keyFor(content)).toBe('key-1');
    expect(attempts.keyFor({ ...content, items: [{ product: 'p1', quantity: 3 }, content.items[1]!] })).toBe('key-2');
    expect(attempts.keyFor({ ...content, addressId: 'addr2' })).toBe('key-3');
    expect(attempts.keyFor({ ...content, addressId: 'addr2', paymentType: 'Online' })).toBe('key-4');
  });

  it('fingerprints ignore line order but not quantities', () => {
    expect(checkoutFingerprint(content)).toBe(checkoutFingerprint({ ...content, items: [...content.items].reverse() }));
    expect(checkoutFingerprint(content)).not.toBe(checkoutFingerprint({ ...content, items: [{ product: 'p1', quantity: 2 }] }));
  });

  it('fingerprints tell pack sizes of one product apart (2 × 1 kg is not 2 × 5 kg)', () => {
    const oneKg = { ...content, items: [{ product: 'p1', quantity: 2 }] };
    const fiveKg = { ...content, items: [{ product: 'p1', variant: 'v5', quantity: 2 }] };
    expect(checkoutFingerprint(oneKg)).not.toBe(checkoutFingerprint(fiveKg));
    expect(checkoutFingerprint(fiveKg)).not.toBe(checkoutFingerprint({ ...content, items: [{ product: 'p1', variant: 'v10', quantity: 2 }] }));
  });

  it('makes UUIDs', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
