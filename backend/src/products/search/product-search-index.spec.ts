import { ProductSearchIndex, type SearchableProduct } from './product-search-index';

const product = (id: string, name: string, inStock = true, createdAt = '2026-11-01T10:00:00Z'): SearchableProduct => ({
  _id: id,
  name,
  description: [],
  category: 'Vegetables',
  inStock,
  createdAt,
});

describe('ProductSearchIndex kept current by put and drop', () => {
  it('a change of stock alone moves a product among the answers (in stock first) without indexing it again', () => {
    const index = new ProductSearchIndex();
    index.rebuild([product('a', 'Desi Tomatoes', true, '2026-11-01T10:00:00Z'), product('b', 'Cherry Tomatoes', true, '2026-11-02T10:00:00Z')]);
    expect(index.search('tomatoes').ids).toEqual(['a', 'b']);
    index.put(product('a', 'Desi Tomatoes', false, '2026-11-01T10:00:00Z'));
    expect(index.search('tomatoes').ids).toEqual(['b', 'a']);
    index.put(product('a', 'Desi Tomatoes', true, '2026-11-01T10:00:00Z'));
    expect(index.search('tomatoes').ids).toEqual(['a', 'b']);
  });

  it('a word asked before finds what the catalogue has now after a rename, an addition and a removal', () => {
    const index = new ProductSearchIndex();
    index.rebuild([product('a', 'Desi Tomatoes'), product('b', 'Red Onions')]);
    // Asked once (its matches are kept), then the catalogue's text changes under it.
    expect(index.search('tomatoes 1 kg').ids).toEqual(['a']);
    expect(index.search('onions').ids).toEqual(['b']);
    index.put(product('b', 'Hybrid Tomatoes', true, '2026-11-02T10:00:00Z'));
    expect(index.search('tomatoes 2 kg').ids).toEqual(['a', 'b']);
    expect(index.search('onions').ids).toEqual([]);
    index.put(product('c', 'Nashik Onions', true, '2026-11-03T10:00:00Z'));
    expect(index.search('onions').ids).toEqual(['c']);
    index.drop('a');
    expect(index.search('tomatoes').ids).toEqual(['b']);
  });
});

describe('ProductSearchIndex and pack sizes (issue 37)', () => {
  const atta = (sizesInStock = [true, true, true]): SearchableProduct => ({
    ...product('atta', 'Aashirvaad Atta', sizesInStock[0], '2026-11-01T10:00:00Z'),
    category: 'Grains',
    weight: '1 kg',
    variants: ['1 kg', '5 kg', '10 kg'].map((label, i) => ({ _id: `size${i}`, label, inStock: sizesInStock[i] })),
  });
  const other: SearchableProduct = { ...product('chakki', 'Chakki Atta 5 kg', true, '2026-11-02T10:00:00Z'), category: 'Grains' };

  it('"atta 5kg" finds the product by its 5 kg pack and says which pack it asked for', () => {
    const index = new ProductSearchIndex();
    index.rebuild([{ ...product('rice', 'Basmati Rice 1 kg'), category: 'Grains' }, atta(), other]);
    const answer = index.search('atta 5kg');
    expect(answer.ids).toEqual(['atta', 'chakki']);
    expect(answer.packSizes).toEqual({ atta: 'size1' });
    expect(index.search('atta 10 kg').packSizes).toEqual({ atta: 'size2' });
    expect(index.search('atta').packSizes).toBeUndefined();
  });

  it('is in stock while any size is: the default size sold out does not send it down', () => {
    const index = new ProductSearchIndex();
    index.rebuild([atta([false, true, true]), other]);
    expect(index.search('atta').ids).toEqual(['atta', 'chakki']);
    index.put(atta([false, false, false]));
    expect(index.search('atta').ids).toEqual(['chakki', 'atta']);
  });
});
