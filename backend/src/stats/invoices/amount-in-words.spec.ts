import { numberInWords, rupeesInWords } from './amount-in-words';

describe('amounts in words (Indian system)', () => {
  it('says small numbers as people write them', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(7)).toBe('Seven');
    expect(numberInWords(13)).toBe('Thirteen');
    expect(numberInWords(20)).toBe('Twenty');
    expect(numberInWords(42)).toBe('Forty-Two');
    expect(numberInWords(100)).toBe('One Hundred');
    expect(numberInWords(101)).toBe('One Hundred One');
    expect(numberInWords(999)).toBe('Nine Hundred Ninety-Nine');
  });

  it('groups by thousand, lakh and crore, leaving out empty groups', () => {
    expect(numberInWords(1_000)).toBe('One Thousand');
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(100_001)).toBe('One Lakh One');
    expect(numberInWords(1_02_050)).toBe('One Lakh Two Thousand Fifty');
    expect(numberInWords(99_99_999)).toBe('Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(1_23_45_678)).toBe('One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight');
    // Beyond 99 crore the crores are counted in the same system.
    expect(numberInWords(1_00_000_00_00_000)).toBe('One Lakh Crore');
  });

  it('refuses what is not a whole number of at least 0', () => {
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 53]) expect(() => numberInWords(bad)).toThrow(RangeError);
  });

  it('says an invoice amount in rupees and paise', () => {
    expect(rupeesInWords(10_205_000)).toBe('Rupees One Lakh Two Thousand Fifty Only');
    expect(rupeesInWords(10_205_050)).toBe('Rupees One Lakh Two Thousand Fifty and Fifty Paise Only');
    expect(rupeesInWords(10198)).toBe('Rupees One Hundred One and Ninety-Eight Paise Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });
});
