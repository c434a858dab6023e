import { describe, expect, it } from 'vitest';
import { barcodeProblem, codesOf, isValidSku, skuProblem } from './pack-codes';

describe('SKUs', () => {
  it('are 1 to 40 letters, digits, "-", "_" or "."', () => {
    expect(isValidSku('ATTA-1KG')).toBe(true);
    expect(isValidSku('atta_5.kg')).toBe(true);
    expect(isValidSku('A'.repeat(40))).toBe(true);
    expect(isValidSku('A'.repeat(41))).toBe(false);
    expect(isValidSku('')).toBe(false);
    expect(isValidSku('ATTA 1KG')).toBe(false);
    expect(isValidSku('आटा')).toBe(false);
  });

  it('say what is wrong; none is fine', () => {
    expect(skuProblem('')).toBeUndefined();
    expect(skuProblem('A'.repeat(41))).toBe('can be at most 40 characters');
    expect(skuProblem('ATTA/1')).toMatch(/only letters, digits/);
  });
});

describe('barcodes', () => {
  it('take EAN-13, UPC-A and EAN-8 with their check digit', () => {
    expect(barcodeProblem('4006381333931')).toBeUndefined();
    expect(barcodeProblem('8901030865275')).toBeUndefined();
    expect(barcodeProblem('036000291452')).toBeUndefined();
    expect(barcodeProblem('96385074')).toBeUndefined();
  });

  it('refuse a wrong check digit, other lengths and anything but digits', () => {
    expect(barcodeProblem('4006381333932')).toMatch(/check\) digit/);
    expect(barcodeProblem('96385075')).toMatch(/check\) digit/);
    expect(barcodeProblem('400638133393')).toMatch(/check\) digit/);
    expect(barcodeProblem('1234567')).toBe('must be 8, 12 or 13 digits (EAN-8, UPC-A or EAN-13)');
    expect(barcodeProblem('40063813339310')).toMatch(/8, 12 or 13 digits/);
    expect(barcodeProblem('4006-38133393')).toMatch(/8, 12 or 13 digits/);
  });
});

it("reads a pack size's codes, leaving out empty ones", () => {
  expect(codesOf({ label: '1 kg', sku: 'A1', barcode: '' })).toEqual({ sku: 'A1' });
  expect(codesOf({ label: '1 kg' })).toEqual({});
});
