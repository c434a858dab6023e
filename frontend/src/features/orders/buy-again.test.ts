import type { OrderLineView, PackSize } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { buyAgain } from './buy-again';

const size = (id: string, label: string, stock: number | null = null, inStock = true): PackSize => ({
  _id: id,
  label,
  price: 70,
  offerPrice: 62,
  stock,
  inStock,
});
const atta = { _id: 'p-atta', name: 'Aashirvaad Atta', offerPrice: 62, inStock: true, variants: [size('s-1kg', '1 kg'), size('s-5kg', '5 kg', 2)] };
const jam = { _id: 'p-jam', name: 'Kissan Jam', offerPrice: 90, inStock: true };
const line = (product: { _id: string; name: string } | null, quantity: number, extra: Partial<OrderLineView> = {}): OrderLineView => ({
  product: product ? { _id: product._id, name: product.name, category: 'Grains', image: [], offerPrice: 62 } : null,
  name: product?.name ?? 'Old Honey',
  category: 'Grains',
  image: '',
  offerPrice: 62,
  quantity,
  ...extra,
});

describe('Buy again', () => {
  it('puts the default size under the plain product id (its one cart key) and another size as id:size', () => {
    const plan = buyAgain([line(atta, 2, { variant: 's-1kg', label: '1 kg' }), line(atta, 1, { variant: 's-5kg', label: '5 kg' }), line(jam, 1)], [atta, jam]);
    expect(plan).toEqual({
      lines: [
        { key: 'p-atta', quantity: 2 },
        { key: 'p-atta:s-5kg', quantity: 1 },
        { key: 'p-jam', quantity: 1 },
      ],
      notAdded: [],
    });
  });

  it('buys what was ordered, not what packing supplied, and leaves substitutes out', () => {
    const plan = buyAgain([line(atta, 0, { variant: 's-1kg', ordered: 3 }), line(jam, 1, { substituteFor: 0 })], [atta, jam]);
    expect(plan.lines).toEqual([{ key: 'p-atta', quantity: 3 }]);
  });

  it('says what it could not add: a product or size no longer sold, a size sold out, fewer left than ordered', () => {
    const soldOut = { ...jam, _id: 'p-ghee', name: 'Desi Ghee', inStock: false };
    const plan = buyAgain(
      [line(null, 1), line(atta, 1, { variant: 's-gone', label: '10 kg' }), line(soldOut, 1), line(atta, 5, { variant: 's-5kg', label: '5 kg' })],
      [atta, soldOut],
    );
    expect(plan.notAdded).toEqual([
      'Old Honey is not sold any more',
      'Aashirvaad Atta 10 kg is not sold any more',
      'Desi Ghee is sold out',
      'Only 2 × Aashirvaad Atta 5 kg left',
    ]);
    expect(plan.lines).toEqual([{ key: 'p-atta:s-5kg', quantity: 2 }]);
  });

  it('takes a line of a product stored before pack sizes (its size id is its own) as its default size', () => {
    expect(buyAgain([line(jam, 2, { variant: 'p-jam' })], [jam]).lines).toEqual([{ key: 'p-jam', quantity: 2 }]);
  });
});
