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
