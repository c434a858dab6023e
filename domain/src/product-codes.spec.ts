import { packSizesProblem } from './pack-sizes';
import { barcodeKind, barcodeProblem, gtinCheckDigit, productCodeKey, skuKey, skuProblem, SKU_MESSAGE } from './product-codes';

describe('SKUs', () => {
  it('are 1 to 40 of A–Z, a–z, 0–9, "-", "_" and "."', () => {
    for (const sku of ['A', 'ATTA-5KG', 'atta_5.kg', '0123456789', 'x'.repeat(40)]) expect(skuProblem(sku)).toBeUndefined();
    for (const sku of ['', 'x'.repeat(41), 'ATTA 5KG', 'atta/5', 'आटा', 'A+B', ' ATTA', '=SUM(A1)', 12, null, undefined])
      expect(skuProblem(sku)).toBe(SKU_MESSAGE);
  });

  it('are the same SKU in any case', () => {
    expect(skuKey('atta-5kg')).toBe(skuKey('ATTA-5KG'));
    expect(productCodeKey('  Atta-5kg ')).toBe('ATTA-5KG');
    expect(productCodeKey('aashirvaad atta')).toBeUndefined();
  });
});

describe('barcodes', () => {
  it('take the GS1 check digit', () => {
    // The EAN-13, EAN-8 and UPC-A examples of Wikipedia's articles on them.
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('03600029145')).toBe(2);
  });

  it('are an EAN-8, UPC-A or EAN-13 whose last digit checks the others', () => {
    expect(barcodeKind('4006381333931')).toBe('EAN-13');
    expect(barcodeKind('96385074')).toBe('EAN-8');
    expect(barcodeKind('036000291452')).toBe('UPC-A');
    for (const code of ['4006381333931', '96385074', '036000291452']) expect(barcodeProblem(code)).toBeUndefined();
  });

  it('say what is wrong: a mistyped digit, a wrong length, letters, a number a spreadsheet rounded', () => {
    expect(barcodeProblem('4006381333932')).toBe('The EAN-13 barcode 4006381333932 is mistyped: its last (check) digit should be 1');
    expect(barcodeProblem('96385075')).toContain('should be 4');
    expect(barcodeProblem('12345')).toContain('this one has 5 digits');
    expect(barcodeProblem('40063813339311')).toContain('this one has 14 digits');
    expect(barcodeProblem('4O06381333931')).toContain('8, 12 or 13 digits');
    expect(barcodeProblem('8.90106E+12')).toContain('format the column as text');
    expect(barcodeProblem(4006381333931)).toContain('8, 12 or 13 digits');
    expect(barcodeKind('4006381333932')).toBeUndefined();
  });
});

describe('pack sizes with codes', () => {
  const size = (label: string, extra: object) => ({ label, price: 60, offerPrice: 55, ...extra });

  it('take an optional SKU and barcode each, none of them twice in one product', () => {
    expect(packSizesProblem([size('1 kg', { sku: 'ATTA-1', barcode: '4006381333931' }), size('5 kg', { sku: null, barcode: '' })])).toBeUndefined();
    expect(packSizesProblem([size('1 kg', { sku: 'ATTA 1' })])).toBe(`The SKU of "1 kg": ${SKU_MESSAGE}`);
    expect(packSizesProblem([size('1 kg', { sku: 'atta-1' }), size('5 kg', { sku: 'ATTA-1' })])).toBe(
      'Two pack sizes have the SKU ATTA-1: each SKU must be different',
    );
    expect(packSizesProblem([size('1 kg', { barcode: '4006381333932' })])).toContain('The barcode of "1 kg": The EAN-13 barcode 4006381333932 is mistyped');
  });
});
