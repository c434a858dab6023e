import { cartKey, formatUnitPrice, MAX_PACK_SIZES, nameWithSize, packSizesProblem, parseCartKey, quantityOfLabel, unitPricePaise } from './pack-sizes';

const atta = (label: string, price: number, offerPrice = price, extra: object = {}) => ({ label, price, offerPrice, ...extra });

describe('pack sizes a seller sends', () => {
  it('1 to 8 sizes, each labelled once, priced in rupees with an offer no higher than its price', () => {
    expect(packSizesProblem([atta('1 kg', 60, 55), atta('5 kg', 270, 249, { size: { amount: 5, unit: 'kg' }, stock: 12 })])).toBeUndefined();
    expect(packSizesProblem([atta('Pack of 6', 48, 45, { size: { amount: 6, unit: 'pc' }, stock: null })])).toBeUndefined();
    expect(packSizesProblem([])).toBe('A product has 1 to 8 pack sizes');
    expect(packSizesProblem(Array.from({ length: MAX_PACK_SIZES + 1 }, (_, i) => atta(`${i + 1} kg`, 10)))).toBe('A product has 1 to 8 pack sizes');
    expect(packSizesProblem('1 kg')).toBe('A product has 1 to 8 pack sizes');
    expect(packSizesProblem([atta('1 kg', 60), atta(' 1  KG ', 62)])).toBe('Two pack sizes are labelled "1  KG": each label must be different');
    expect(packSizesProblem([atta('', 60)])).toContain('Pack size 1 needs a label of 1 to 20 characters');
    expect(packSizesProblem([atta('a very long label of many words', 60)])).toContain('1 to 20 characters');
    expect(packSizesProblem([atta('1 kg', 60, 61)])).toBe('The offer price of "1 kg" must not be higher than its price');
    expect(packSizesProblem([atta('1 kg', 60.005)])).toContain('The price of "1 kg" must be an amount in rupees');
    expect(packSizesProblem([atta('1 kg', 0)])).toContain('above 0');
    expect(packSizesProblem([atta('1 kg', 60, 50, { stock: 2.5 })])).toContain('The stock of "1 kg" must be a whole number');
    expect(packSizesProblem([atta('1 kg', 60, 50, { stock: -1 })])).toContain('whole number');
    expect(packSizesProblem([null])).toBe('Pack size 1 must be an object');
  });

  it('a size is an amount above 0 in g, kg, ml, l or whole pieces', () => {
    expect(packSizesProblem([atta('1 kg', 60, 50, { size: { amount: 1, unit: 'lb' } })])).toBe('The size of "1 kg" must be in one of g, kg, ml, l, pc');
    expect(packSizesProblem([atta('1 kg', 60, 50, { size: { amount: 0, unit: 'kg' } })])).toContain('must be an amount above 0');
    expect(packSizesProblem([atta('Half dozen', 60, 50, { size: { amount: 5.5, unit: 'pc' } })])).toContain('in pieces must be a whole number');
    expect(packSizesProblem([atta('1 kg', 60, 50, { size: 'big' })])).toContain('must be an amount and a unit');
  });
});

describe('unit prices', () => {
  it('per kg, per litre or per piece, to the paisa', () => {
    expect(unitPricePaise(22, { amount: 500, unit: 'g' })).toEqual({ paise: 4400, per: 'kg' });
    expect(formatUnitPrice(22, { amount: 500, unit: 'g' })).toBe('₹44/kg');
    expect(formatUnitPrice(249, { amount: 5, unit: 'kg' })).toBe('₹49.80/kg');
    expect(formatUnitPrice(29, { amount: 500, unit: 'ml' })).toBe('₹58/l');
    expect(formatUnitPrice(54, { amount: 6, unit: 'pc' })).toBe('₹9/pc');
    expect(formatUnitPrice(10, { amount: 3, unit: 'pc' })).toBe('₹3.33/pc');
    expect(formatUnitPrice(1250, { amount: 10, unit: 'kg' })).toBe('₹125/kg');
    expect(formatUnitPrice(12500, { amount: 1, unit: 'kg' })).toBe('₹12,500/kg');
  });
});

describe('labels that name a quantity', () => {
  it('reads the sizes grocers write, and nothing else', () => {
    expect(quantityOfLabel('500 g')).toEqual({ amount: 500, unit: 'g' });
    expect(quantityOfLabel('1kg')).toEqual({ amount: 1, unit: 'kg' });
    expect(quantityOfLabel('1 L')).toEqual({ amount: 1, unit: 'l' });
    expect(quantityOfLabel('1.5 Litres')).toEqual({ amount: 1.5, unit: 'l' });
    expect(quantityOfLabel('200 gm')).toEqual({ amount: 200, unit: 'g' });
    expect(quantityOfLabel('6 pcs')).toEqual({ amount: 6, unit: 'pc' });
    expect(quantityOfLabel('Pack of 6')).toEqual({ amount: 6, unit: 'pc' });
    expect(quantityOfLabel('1 dozen')).toEqual({ amount: 12, unit: 'pc' });
    expect(quantityOfLabel('Family pack')).toBeUndefined();
    expect(quantityOfLabel('2.5 pcs')).toBeUndefined();
    expect(quantityOfLabel('0 kg')).toBeUndefined();
    expect(quantityOfLabel('5 lb')).toBeUndefined();
    expect(quantityOfLabel(undefined)).toBeUndefined();
  });
});

describe('cart keys', () => {
  const product = '64b7f0c2a1b2c3d4e5f60718';
  const size = '64b7f0c2a1b2c3d4e5f60719';

  it('a product id is its default size; another size is named after a colon', () => {
    expect(cartKey(product)).toBe(product);
    expect(cartKey(product, size)).toBe(`${product}:${size}`);
    expect(parseCartKey(product)).toEqual({ productId: product });
    expect(parseCartKey(`${product}:${size}`)).toEqual({ productId: product, packSizeId: size });
    expect(parseCartKey(product.toUpperCase())).toEqual({ productId: product });
  });

  it('anything else is not a cart key', () => {
    for (const key of ['', 'nope', `${product}:`, `${product}:nope`, `${product}:${size}:${size}`, `:${size}`, `${product} `])
      expect(parseCartKey(key)).toBeUndefined();
  });
});

describe('names with their size', () => {
  it('adds the label once', () => {
    expect(nameWithSize('Aashirvaad Atta', '5 kg')).toBe('Aashirvaad Atta 5 kg');
    expect(nameWithSize('Toned Milk 500 ml', '500 ml')).toBe('Toned Milk 500 ml');
    expect(nameWithSize('Toned Milk 500ml', '500 ml')).toBe('Toned Milk 500ml');
    expect(nameWithSize('Brown Bread', undefined)).toBe('Brown Bread');
  });
});
