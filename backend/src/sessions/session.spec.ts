import 'reflect-metadata';
import { signedBefore } from './session';

describe('signedBefore (the seller\'s "sign out everywhere")', () => {
  const since = Date.UTC(2026, 11, 3, 6, 0, 0, 500);

  it('judges a token by when it was signed to the millisecond', () => {
    expect(signedBefore({ iat: Math.floor(since / 1000), at: since - 1 }, since)).toBe(true);
    // Signed in the same second as the sign-out, after it: still signed in.
    expect(signedBefore({ iat: Math.floor(since / 1000), at: since + 300 }, since)).toBe(false);
  });

  it('judges an older token (whole seconds only) as signed before when it is of the same second', () => {
    expect(signedBefore({ iat: Math.floor(since / 1000) }, since)).toBe(true);
    expect(signedBefore({ iat: Math.floor(since / 1000) + 1 }, since)).toBe(false);
    expect(signedBefore({}, since)).toBe(true);
  });

  it('ends nothing when the seller never signed out everywhere', () => {
    expect(signedBefore({}, 0)).toBe(false);
  });
});
