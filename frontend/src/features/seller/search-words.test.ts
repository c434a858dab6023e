import { MAX_SEARCH_WORD_LENGTH, MAX_SEARCH_WORDS, type ProductView } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { parseSearchWords, productToForm, toProductData, validateProductForm, type ProductFormValues } from './product-form';

const values: ProductFormValues = {
  name: 'Red Onions',
  description: '',
  category: 'Vegetables',
  price: '60',
  offerPrice: '52',
  weight: '1 kg',
  stock: '',
  lowStockThreshold: '',
};

describe('search words on the product forms (issue 21)', () => {
  it('splits at commas, trims, and keeps each word once', () => {
    expect(parseSearchWords(' pyaz, kanda ,, Pyaz, प्याज ')).toEqual(['pyaz', 'kanda', 'प्याज']);
    expect(parseSearchWords(undefined)).toEqual([]);
  });

  it('sends them with a new product only when there are some, and with an edit once the field is there (empty removes them)', () => {
    expect(toProductData({ ...values, searchWords: 'pyaz, kanda' })).toMatchObject({ searchWords: ['pyaz', 'kanda'] });
    expect(toProductData({ ...values, searchWords: ' ' })).not.toHaveProperty('searchWords');
    expect(toProductData(values, 'edit')).not.toHaveProperty('searchWords');
    expect(toProductData({ ...values, searchWords: '' }, 'edit')).toHaveProperty('searchWords', []);
  });

  it('fills the edit form from the product', () => {
    const product = {
      _id: 'p',
      name: 'Red Onions',
      description: [],
      category: 'Vegetables',
      price: 60,
      offerPrice: 52,
      image: [],
      inStock: true,
      stock: null,
      variants: [{ _id: 'p', label: '1 kg', price: 60, offerPrice: 52, stock: null, inStock: true }],
      createdAt: '',
      updatedAt: '',
    };
    expect(productToForm({ ...product, searchWords: ['pyaz', 'kanda'] } as ProductView).searchWords).toBe('pyaz, kanda');
    expect(productToForm(product as ProductView)).not.toHaveProperty('searchWords');
  });

  it("checks the server's limits before sending", () => {
    const many = Array.from({ length: MAX_SEARCH_WORDS + 1 }, (_, i) => `word${i}`).join(', ');
    expect(validateProductForm({ ...values, searchWords: many }, 1).searchWords).toBe(`At most ${MAX_SEARCH_WORDS} search words`);
    expect(validateProductForm({ ...values, searchWords: 'x'.repeat(MAX_SEARCH_WORD_LENGTH + 1) }, 1).searchWords).toBe(
      `Each search word can be at most ${MAX_SEARCH_WORD_LENGTH} characters`,
    );
    expect(validateProductForm({ ...values, searchWords: 'pyaz, kanda' }, 1)).toEqual({});
  });
});
