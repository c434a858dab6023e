import { describe, expect, it } from 'vitest';
import { productPath, thumbnailOf, thumbnailUrl } from './product-urls';

describe('product URLs', () => {
  it('use thumbnails of our own images only', () => {
    expect(thumbnailOf('/api/images/abc')).toBe('/api/images/abc/thumb');
    expect(thumbnailOf('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(thumbnailOf(undefined)).toBeUndefined();
  });

  it('show the first picture of a product as its thumbnail', () => {
    expect(thumbnailUrl({ image: ['/api/images/1', '/api/images/2'] })).toBe('/api/images/1/thumb');
    expect(thumbnailUrl({ image: [] })).toBeUndefined();
  });

  it('link a product under its lowercased category', () => {
    expect(productPath({ _id: 'p1', category: 'Fruits' })).toBe('/products/fruits/p1');
  });
});
