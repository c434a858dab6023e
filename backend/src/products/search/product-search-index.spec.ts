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

describe('ProductSearchIndex and SKUs and barcodes (issue 38)', () => {
  const atta: SearchableProduct = {
    ...product('atta', 'Aashirvaad Atta'),
    category: 'Grains',
    variants: [
      { _id: 'size0', label: '1 kg', inStock: true, sku: 'ATTA-1KG', barcode: '4006381333931' },
      { _id: 'size1', label: '5 kg', inStock: true, sku: 'ATTA-5KG' },
    ],
  };
  const salt: SearchableProduct = {
    ...product('salt', 'Tata Salt'),
    variants: [{ _id: 'salt', label: '1 kg', inStock: true, sku: 'SALT', barcode: '96385074' }],
  };

  it('a SKU (any case) or a barcode typed exactly finds its product first, naming the pack of a product with several', () => {
    const index = new ProductSearchIndex();
    index.rebuild([atta, salt, product('chakki', 'Chakki Atta 5 kg')]);
    expect(index.search('atta-5kg')).toMatchObject({ ids: ['atta', 'chakki'], packSizes: { atta: 'size1' } });
    expect(index.search(' 4006381333931 ')).toMatchObject({ ids: ['atta'], packSizes: { atta: 'size0' } });
    expect(index.search('96385074')).toEqual({ ids: ['salt'] });
    expect(index.search('salt').ids[0]).toBe('salt');
    expect(index.search('4006381333').ids).toEqual([]);
  });

  it('follows the codes as they change', () => {
    const index = new ProductSearchIndex();
    index.rebuild([atta, salt]);
    index.put({ ...salt, variants: [{ _id: 'salt', label: '1 kg', inStock: true, sku: 'SALT-1' }] });
    expect(index.search('96385074').ids).toEqual([]);
    expect(index.search('salt-1').ids[0]).toBe('salt');
    index.drop('atta');
    expect(index.search('ATTA-1KG').ids).toEqual([]);
  });
});
