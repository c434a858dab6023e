import { DOUBLE_SUBMIT_WINDOW_MS, doubleSubmitKeys, isRecent } from './order-requests';

describe('double-submitted orders (order-requests)', () => {
  it('a request without key is stored under the current window’s key and looked up under the previous one too', () => {
    const now = 5 * DOUBLE_SUBMIT_WINDOW_MS + 1;
    expect(doubleSubmitKeys('a'.repeat(64), now)).toEqual([`auto-${'a'.repeat(32)}-5`, `auto-${'a'.repeat(32)}-4`]);
  });

  it('an order counts as the same double submit while it is at most one window old', () => {
    const now = 1_000_000;
    expect(isRecent(new Date(now - DOUBLE_SUBMIT_WINDOW_MS), now)).toBe(true);
    expect(isRecent(new Date(now - DOUBLE_SUBMIT_WINDOW_MS - 1), now)).toBe(false);
  });
});
