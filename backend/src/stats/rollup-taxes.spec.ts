import { documentsOf, mergeChange, placedChange, statusChange, summarise, type Change, type DayRollup, type StatsOrder } from './rollups';

const KOLKATA = 'Asia/Kolkata';
const MANGO = '665f1c2e9b1d8c0000000001';
const DAL = '665f1c2e9b1d8c0000000002';

const order = (over: Partial<StatsOrder> = {}): StatsOrder => ({
  _id: 'o1',
  // 23:50 on 10 March in India.
  createdAt: new Date('2026-03-10T18:20:00Z'),
  amountPaise: 12698,
  subtotalPaise: 9999,
  taxPaise: 199,
  deliveryFeePaise: 2500,
  paymentType: 'COD',
  status: 'Order Placed',
  items: [{ product: MANGO, name: 'Alphonso Mango', quantity: 3, offerPricePaise: 3333 }],
  ...over,
});

/** Applies changes to nothing, as the rebuild does, and gives the documents. */
const applied = (...changes: Change[]) => documentsOf(changes.reduce((into, c) => mergeChange(into, c), {} as Change));

describe('tax per rate (issue 54)', () => {
  const gst = (over: Partial<StatsOrder> = {}) =>
    order({
      taxMode: 'gst',
      taxPaise: 0,
      subtotalPaise: 6100 * 2 + 19900,
      amountPaise: 6100 * 2 + 19900 + 3000,
      deliveryFeePaise: 3000,
      items: [
        { product: MANGO, name: 'Atta', quantity: 2, offerPricePaise: 6100, gstRate: 5 },
        { product: DAL, name: 'Shampoo', quantity: 1, offerPricePaise: 19900, gstRate: 18 },
      ],
      ...over,
    });

  it('a gst order counts the tax inside its lines and fee per rate; flat counts its 2% on subtotal − discount; cancels take them out', () => {
    const [day] = Object.values(applied(placedChange(gst(), KOLKATA))).filter((d) => String(d._id).startsWith('day:')) as unknown as DayRollup[];
    // 5%: ₹122 holds 581 paise (12200 × 5 ÷ 105); 18%: the shampoo and the ₹30 fee, each rounded (3036 + 458).
    expect(day.taxes).toEqual({ r500: { taxablePaise: 12200 - 581, taxPaise: 581 }, r1800: { taxablePaise: 19406, taxPaise: 3494 } });
    const [flat] = Object.values(applied(placedChange(order({ discountPaise: 999 }), KOLKATA))).filter((d) =>
      String(d._id).startsWith('day:'),
    ) as unknown as DayRollup[];
    expect(flat.taxes).toEqual({ r200: { taxablePaise: 9999 - 999, taxPaise: 199 } });
    const composition = applied(placedChange(gst({ taxMode: 'composition' }), KOLKATA));
    expect(Object.values(composition).some((d) => 'taxes' in d)).toBe(false);
    const gone = applied(placedChange(gst(), KOLKATA), statusChange(gst(), 'Order Placed', 'Cancelled', KOLKATA));
    const [left] = Object.values(gone).filter((d) => String(d._id).startsWith('day:')) as unknown as DayRollup[];
    expect(left.taxes).toEqual({ r500: { taxablePaise: 0, taxPaise: 0 }, r1800: { taxablePaise: 0, taxPaise: 0 } });
  });

  it('the range says its sales with and without tax and the tax per rate, rates that came to nothing left out', () => {
    const docs = applied(placedChange(gst(), KOLKATA), placedChange(order({ _id: 'o2' }), KOLKATA));
    const day = docs['day:2026-03-10'] as unknown as DayRollup;
    const { tax } = summarise(['2026-03-10'], [day], null);
    expect(tax).toEqual({
      withTax: (35100 + 12698) / 100,
      withoutTax: (35100 + 12698 - 581 - 3494 - 199) / 100,
      tax: (581 + 3494 + 199) / 100,
      byRate: [
        { ratePercent: 2, taxable: 99.99, tax: 1.99 },
        { ratePercent: 5, taxable: 116.19, tax: 5.81 },
        { ratePercent: 18, taxable: 194.06, tax: 34.94 },
      ],
    });
  });
});
