import { GROCERY_BRANDS } from '@greencart/domain';
import { BrandList, parseQuery, placesToKeep } from './search-query';
import { matchingSize, readQuantities, sizesOf } from './sizes';

const brands = new BrandList();
const sizesIn = (query: string) => parseQuery(query, brands).sizes.map(({ amount, dimension }) => [amount, dimension ?? 'any']);
const words = (query: string) => parseQuery(query, brands).parts.map((part) => part.text);

describe('sizes in a query', () => {
  it.each([
    ['atta 5kg', [[5000, 'mass']]],
    ['atta 5 kg', [[5000, 'mass']]],
    ['atta 5 KGS', [[5000, 'mass']]],
    ['basmati 5 kilo', [[5000, 'mass']]],
    ['milk 1l', [[1000, 'volume']]],
    ['milk 1 L', [[1000, 'volume']]],
    ['doodh 1 litre', [[1000, 'volume']]],
    ['doodh 1 liter', [[1000, 'volume']]],
    ['oil 1.5 ltr', [[1500, 'volume']]],
    ['ghee 500ml', [[500, 'volume']]],
    ['paneer 200g', [[200, 'mass']]],
    ['paneer 200 gm', [[200, 'mass']]],
    ['paneer 200 grams', [[200, 'mass']]],
    ['dahi half kg', [[500, 'mass']]],
    ['dahi 1/2 kg', [[500, 'mass']]],
    ['pav pack of 6', [[6, 'count']]],
    ['pav 6 pcs', [[6, 'count']]],
    ['eggs 1 dozen', [[12, 'count']]],
    ['eggs dozen', [[12, 'count']]],
    ['eggs 30', [[30, 'any']]],
    ['amul butter 500g', [[500, 'mass']]],
  ])('%s', (query, expected) => {
    expect(sizesIn(query)).toEqual(expected);
  });

  it('leaves the words without the sizes (a number alone stays a word too: "7 up")', () => {
    expect(words('atta 5kg')).toEqual(['atta']);
    expect(words('doodh 1 litre')).toEqual(['doodh']);
    expect(words('pav pack of 6')).toEqual(['pav']);
    expect(words('7 up')).toEqual(['7', 'up']);
    expect(parseQuery('7 up', brands).parts[0].optional).toBe(true);
    expect(words('parle g')).toEqual(['parle']);
    expect(sizesIn('kg')).toEqual([]);
    expect(sizesIn('7up')).toEqual([]);
  });

  it('keeps the sizes as typed, to show with the query as understood', () => {
    expect(parseQuery('amul butter 500g', brands).sizeTexts).toEqual(['500g']);
    expect(parseQuery('Milk 1 Litre', brands).sizeTexts).toEqual(['1 litre']);
  });
});

describe('a product size matching a query size', () => {
  const sizes = (...labels: (string | undefined)[]) => sizesOf(labels);
  it('is the same amount in any unit of its kind, and the index of the size that matches', () => {
    expect(matchingSize(readQuantities('1 litre').quantities, sizes('1 L'))).toBe(0);
    expect(matchingSize(readQuantities('1000ml').quantities, sizes('1 L'))).toBe(0);
    expect(matchingSize(readQuantities('5000 g').quantities, sizes('5 kg'))).toBe(0);
    expect(matchingSize(readQuantities('200 gm').quantities, sizes('500 g', '200 g (10 slices)'))).toBe(1);
    expect(matchingSize(readQuantities('pack of 10').quantities, sizes('200 g (10 slices)'))).toBe(0);
    expect(matchingSize(readQuantities('30', { bare: true }).quantities, sizes('30 pcs'))).toBe(0);
    expect(matchingSize(readQuantities('500', { bare: true }).quantities, sizes('500 g'))).toBe(0);
  });

  it('is none for another amount or another kind of unit', () => {
    expect(matchingSize(readQuantities('1 kg').quantities, sizes('1 L'))).toBe(-1);
    expect(matchingSize(readQuantities('2 kg').quantities, sizes('1 kg (4-5 pcs)'))).toBe(-1);
    expect(matchingSize([], sizes('1 kg'))).toBe(-1);
    expect(matchingSize(readQuantities('1 kg').quantities, [])).toBe(-1);
  });

  it('reads a name with its size ("Whole Wheat Atta 5 kg")', () => {
    expect(matchingSize(readQuantities('5kg').quantities, sizes(undefined, 'Whole Wheat Atta 5 kg'))).toBe(0);
  });
});

describe('brands in a query', () => {
  it('has at least 100 brands, each selling something, in lower case, each once', () => {
    expect(GROCERY_BRANDS.length).toBeGreaterThanOrEqual(100);
    for (const { brand, sells } of GROCERY_BRANDS) {
      expect(sells.length).toBeGreaterThan(0);
      expect(brand).toBe(brand.toLowerCase());
    }
    expect(new Set(GROCERY_BRANDS.map((line) => line.brand)).size).toBe(GROCERY_BRANDS.length);
    const amul = GROCERY_BRANDS.find((line) => line.brand === 'amul')!;
    expect(amul.sells).toEqual(expect.arrayContaining(['butter', 'milk', 'paneer', 'ghee', 'cheese', 'curd']));
  });

  it('reads a brand of one or more words as one place, with what it sells', () => {
    const amul = parseQuery('amul butter', brands).parts;
    expect(amul.map((part) => part.text)).toEqual(['amul', 'butter']);
    expect(amul[0].sells).toContainEqual(['butter']);
    expect(amul[1].sells).toBeUndefined();
    expect(words('Mother Dairy milk 1l')).toEqual(['mother dairy', 'milk']);
    expect(words('thums up 750 ml')).toEqual(['thums up']);
    expect(parseQuery("Haldiram's bhujia", brands).parts[0].sells).toContainEqual(['namkeen']);
    expect(parseQuery('maggi', brands).parts[0].sells).toContainEqual(['instant', 'noodles']);
    expect(parseQuery('mother', brands).parts[0].sells).toBeUndefined();
  });
});

describe('the places an answer keeps', () => {
  const found = (...ids: string[]) => new Map(ids.map((id) => [id, true]));
  const parts = (query: string) => parseQuery(query, brands).parts;

  it('all of them when some product answers all', () => {
    expect(placesToKeep([found('a', 'b'), found('b')], parts('salted butter'))).toEqual({ kept: [0, 1], ids: ['b'] });
  });

  it('leaves out a word nothing answers, then a brand, then the earlier word', () => {
    expect(placesToKeep([found(), found('butter')], parts('xyzzy butter'))).toEqual({ kept: [1], ids: ['butter'] });
    expect(placesToKeep([found('milk'), found('butter')], parts('amul butter'))).toEqual({ kept: [1], ids: ['butter'] });
    expect(placesToKeep([found('milk'), found('chips')], parts('milk chips'))).toEqual({ kept: [1], ids: ['chips'] });
    expect(placesToKeep([found('x'), found('y'), found('x', 'y')], parts('aaa bbb ccc'))).toEqual({ kept: [1, 2], ids: ['y'] });
  });

  it('never answers a number alone, and nothing for words nothing answers', () => {
    expect(placesToKeep([found(), found('rice')], parts('eggs 30'))).toEqual({ kept: [], ids: [] });
    expect(placesToKeep([found(), found()], parts('lorem ipsum'))).toEqual({ kept: [], ids: [] });
    expect(placesToKeep([found('eggs'), found()], parts('eggs 30'))).toEqual({ kept: [0], ids: ['eggs'] });
  });
});
