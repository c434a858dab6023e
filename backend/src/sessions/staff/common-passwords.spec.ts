import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('refuses passwords among the 10,000 most common, whatever their case', () => {
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('LeaveMeAlone')).toBe(true);
  });

  it('lets an uncommon one through', () => {
    expect(isCommonPassword('tamarind-ladder-91-kettle')).toBe(false);
  });
});
