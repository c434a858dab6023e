import { describe, expect, it } from 'vitest';
import { aProduct, aSizedProduct, ATTA_SIZES } from '@/test/data';
import { suggestedSize } from './components/search-combobox';

describe('the pack size a search suggestion shows and adds', () => {
  it('is the size the query names ("atta 5kg": the 5 kg pack), the longest label that matches', () => {
    expect(suggestedSize(aSizedProduct(), 'atta 5kg')._id).toBe(ATTA_SIZES.kg5);
    expect(suggestedSize(aSizedProduct(), 'Atta 10 KG')._id).toBe(ATTA_SIZES.kg10);
  });

  it('is otherwise the first size in stock', () => {
    expect(suggestedSize(aSizedProduct(), 'atta')._id).toBe(ATTA_SIZES.kg1);
    expect(suggestedSize(aSizedProduct({ kg1: { inStock: false } }), 'atta')._id).toBe(ATTA_SIZES.kg5);
  });

  it('is the one size of a single-size product', () => {
    expect(suggestedSize(aProduct(), 'apples 1 kg')._id).toBe('product-1');
  });
});
