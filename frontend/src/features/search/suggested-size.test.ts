import { describe, expect, it } from 'vitest';
import { aProduct, aSizedProduct, ATTA_SIZES } from '@/test/data';
import { suggestedSize } from './components/search-combobox';

describe('the pack size a search suggestion shows and adds', () => {
  it('is the size the query names ("atta 5kg": the 5 kg pack), the longest label that matches', () => {
    expect(suggestedSize(aSizedProduct(), 'atta 5kg')._id).toBe(ATTA_SIZES.kg5);
    expect(suggestedSize(aSizedProduct(), 'Atta 10 KG')._id).toBe(ATTA_SIZES.kg10);
  });

  it("is first the size the server read in the query (its packSizes: '5000 g' is the 5 kg pack)", () => {
    const product = aSizedProduct();
    expect(suggestedSize(product, 'atta 5000 g', { [product._id]: ATTA_SIZES.kg5 })._id).toBe(ATTA_SIZES.kg5);
    // A size the product no longer has is not shown: the text, then the first in stock, decide.
    expect(suggestedSize(product, 'atta 10 kg', { [product._id]: 'gone' })._id).toBe(ATTA_SIZES.kg10);
  });

  it('is otherwise the first size in stock', () => {
    expect(suggestedSize(aSizedProduct(), 'atta')._id).toBe(ATTA_SIZES.kg1);
    expect(suggestedSize(aSizedProduct({ kg1: { inStock: false } }), 'atta')._id).toBe(ATTA_SIZES.kg5);
  });

  it('is the one size of a single-size product', () => {
    expect(suggestedSize(aProduct(), 'apples 1 kg')._id).toBe('product-1');
  });
});
