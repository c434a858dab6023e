import { APPLY_TRIES, givenUpMessage, givesUp, ImportCannotApply, retryMayHelp, retryPause } from './import-failure';

describe('a committed import that does not apply', () => {
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

  it('is tried again after errors a retry may change (the database away, a product busy), not after lasting ones', () => {
    expect(retryMayHelp(new Error('connection refused'))).toBe(true);
    expect(retryMayHelp(named('MongoNetworkError'))).toBe(true);
    expect(retryMayHelp(new ImportCannotApply('its planned writes are missing'))).toBe(false);
    expect(retryMayHelp(named('ValidationError'))).toBe(false);
    expect(retryMayHelp(named('MongooseBulkWriteError'))).toBe(false);
    expect(retryMayHelp(undefined)).toBe(true);
  });

  it(`is given up at once on a lasting error, else after ${APPLY_TRIES} tries, pausing ever longer up to 30 s`, () => {
    expect(givesUp(new ImportCannotApply('gone'), 1)).toBe(true);
    expect(givesUp(new Error('away'), APPLY_TRIES - 1)).toBe(false);
    expect(givesUp(new Error('away'), APPLY_TRIES)).toBe(true);
    expect([1, 2, 3, 7, 8, APPLY_TRIES].map(retryPause)).toEqual([500, 1_000, 2_000, 30_000, 30_000, 30_000]);
  });

  it('says what stopped it and that some rows may be applied', () => {
    expect(givenUpMessage(new ImportCannotApply('its planned writes 1:0 are missing from the database'), 1)).toBe(
      'The import stopped part-way (its planned writes 1:0 are missing from the database). Some rows may already be applied: fix what is said and import the file again (rows already applied count as unchanged).',
    );
    expect(givenUpMessage(new Error('connection refused'), 10)).toContain('(10 tries to write it failed, the last with: connection refused)');
  });
});
