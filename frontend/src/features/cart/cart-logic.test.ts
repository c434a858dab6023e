import { MAX_LINE_QUANTITY } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  changedLines,
  countItems,
  deleteLine,
  EMPTY_CART,
  GUEST_CART_KEY,
  quantityOptions,
  readGuestCart,
  removeItem,
  sanitizeCart,
  setQuantity,
  subtractCart,
  writeGuestCart,
} from './cart-logic';
import { createGuestCartStore, createMemoryStorage } from './guest-cart-store';

describe('cart changes', () => {
  it('adds one at a time', () => {
    let cart = addItem(EMPTY_CART, 'a');
    expect(cart).toEqual({ a: 1 });
    cart = addItem(cart, 'a');
    cart = addItem(cart, 'b');
    expect(cart).toEqual({ a: 2, b: 1 });
  });

  it('does not mutate the cart it is given', () => {
    const cart = { a: 1 };
    addItem(cart, 'a');
    setQuantity(cart, 'a', 5);
    removeItem(cart, 'a');
    expect(cart).toEqual({ a: 1 });
  });

  it('sets a quantity, replacing the old one', () => {
    expect(setQuantity({ a: 2 }, 'a', 7)).toEqual({ a: 7 });
    expect(setQuantity({}, 'a', 3)).toEqual({ a: 3 });
  });

  it('setting 0 or less deletes the line', () => {
    expect(setQuantity({ a: 2, b: 1 }, 'a', 0)).toEqual({ b: 1 });
    expect(setQuantity({ a: 2 }, 'a', -4)).toEqual({});
    expect(deleteLine({ a: 9, b: 1 }, 'a')).toEqual({ b: 1 });
  });

  it('removes one at a time and deletes the entry at 0', () => {
    let cart = removeItem({ a: 2 }, 'a');
    expect(cart).toEqual({ a: 1 });
    cart = removeItem(cart, 'a');
    expect(cart).toEqual({});
    expect('a' in cart).toBe(false);
  });

  it('removing something absent changes nothing', () => {
    const cart = { a: 1 };
    expect(removeItem(cart, 'b')).toBe(cart);
  });

  it('rejects quantities that are not numbers and floors fractions', () => {
    expect(() => setQuantity({}, 'a', Number.NaN)).toThrow(RangeError);
    expect(setQuantity({}, 'a', 2.7)).toEqual({ a: 2 });
  });

  it('caps a line at the largest quantity the shop accepts', () => {
    expect(setQuantity({}, 'a', MAX_LINE_QUANTITY + 50)).toEqual({ a: MAX_LINE_QUANTITY });
    expect(addItem({ a: MAX_LINE_QUANTITY }, 'a')).toEqual({ a: MAX_LINE_QUANTITY });
    expect(sanitizeCart({ a: MAX_LINE_QUANTITY + 1 })).toEqual({ a: MAX_LINE_QUANTITY });
  });

  it('counts the items as the sum of quantities', () => {
    expect(countItems({})).toBe(0);
    expect(countItems({ a: 2, b: 3 })).toBe(5);
  });
});

describe('forgetting the merged part of a guest cart', () => {
  it('empties the guest cart when nothing changed during the merge', () => {
    expect(subtractCart({ a: 1, b: 2 }, { a: 1, b: 2 })).toEqual({});
  });

  it('keeps what was added while the merge was on its way', () => {
    expect(subtractCart({ a: 2, b: 2, c: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, c: 1 });
  });
});

describe('quantity options', () => {
  it('stops at what is left of a counted product, but keeps showing the current quantity', () => {
    expect(quantityOptions(1, 3)).toEqual([1, 2, 3]);
    expect(quantityOptions(5, 3)).toEqual([1, 2, 3, 4, 5]);
    expect(quantityOptions(1, 0)).toEqual([1]);
    expect(quantityOptions(1, null)).toHaveLength(9);
  });

  it('offers 1 to 9 for small quantities', () => {
    expect(quantityOptions(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(quantityOptions(9)).toHaveLength(9);
    expect(quantityOptions(0)).toHaveLength(9);
  });

  it('offers up to the current quantity when it is higher than 9', () => {
    const options = quantityOptions(12);
    expect(options[0]).toBe(1);
    expect(options.at(-1)).toBe(12);
    expect(options).toHaveLength(12);
  });
});

describe('guest cart in storage', () => {
  it('keeps only well-formed entries', () => {
    expect(sanitizeCart({ a: 2, b: 0, c: -1, d: 1.5, e: '3', f: 4 })).toEqual({ a: 2, f: 4 });
    expect(sanitizeCart(null)).toEqual({});
    expect(sanitizeCart([1, 2])).toEqual({});
  });

  it('survives a reload: written, then read back by a new store', () => {
    const storage = createMemoryStorage();
    const first = createGuestCartStore(storage);
    first.update((cart) => addItem(cart, 'a'));
    first.update((cart) => addItem(cart, 'a'));
    first.update((cart) => setQuantity(cart, 'b', 4));
    expect(JSON.parse(storage.getItem(GUEST_CART_KEY)!)).toEqual({ a: 2, b: 4 });

    const afterReload = createGuestCartStore(storage);
    expect(afterReload.getSnapshot()).toEqual({ a: 2, b: 4 });
  });

  it('ignores corrupt storage', () => {
    const storage = createMemoryStorage();
    storage.setItem(GUEST_CART_KEY, '{not json');
    expect(readGuestCart(storage)).toEqual({});
    storage.setItem(GUEST_CART_KEY, JSON.stringify({ a: 'lots' }));
    expect(readGuestCart(storage)).toEqual({});
  });

  it('clears the stored key when the cart becomes empty', () => {
    const storage = createMemoryStorage();
    writeGuestCart(storage, { a: 1 });
    writeGuestCart(storage, {});
    expect(storage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('still works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createGuestCartStore(broken);
    store.update((cart) => addItem(cart, 'a'));
    expect(store.getSnapshot()).toEqual({ a: 1 });
  });

  it('notifies subscribers on change only, and picks up changes from another tab', () => {
    const storage = createMemoryStorage();
    const store = createGuestCartStore(storage);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.update((cart) => addItem(cart, 'a'));
    store.update((cart) => removeItem(cart, 'missing'));
    expect(calls).toBe(1);

    storage.setItem(GUEST_CART_KEY, JSON.stringify({ a: 3 }));
    store.reload();
    expect(store.getSnapshot()).toEqual({ a: 3 });
    expect(calls).toBe(2);

    store.clear();
    expect(store.getSnapshot()).toEqual({});
    unsubscribe();
    store.update((cart) => addItem(cart, 'b'));
    expect(calls).toBe(3);
  });
});

describe('changedLines', () => {
  it('names only the lines that differ, with 0 for a line that left', () => {
    expect(changedLines({ a: 1, b: 1 }, { a: 1, c: 1 })).toEqual({ b: 0, c: 1 });
    expect(changedLines({ a: 1 }, { a: 2 })).toEqual({ a: 2 });
    expect(changedLines({ a: 1 }, { a: 1 })).toEqual({});
  });
});
