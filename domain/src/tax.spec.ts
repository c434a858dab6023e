import { priceCart } from './pricing';
import { MissingGstRate, priceOrderTax, spreadPaise, type OrderTaxInput } from './tax';
import { COMPOSITION_LEGEND, DEFAULT_GST_RATES, gstRateListProblem, gstRateProblem, isTaxMode, PAST_GST_RATES, taxInsidePaise } from './tax-rates';

// A grocer's cart: loose tomatoes 0%, butter 5%, toothpaste 18%, cola 40%; FLAT50 and a ₹30 fee.
const cart: OrderTaxInput['lines'] = [
  { offerPrice: 40, quantity: 2, gstRate: 0, hsn: '0702' },
  { offerPrice: 60, quantity: 1, gstRate: 5, hsn: '0405' },
  { unitPaise: 9500, quantity: 1, gstRate: 18, hsn: '3306' },
  { offerPrice: 45, quantity: 2, gstRate: 40, hsn: '2202' },
];
const order = (mode: OrderTaxInput['mode'], place = '29'): OrderTaxInput => ({
  mode,
  lines: cart,
  discountPaise: 5000,
  deliveryFeePaise: 3000,
  shopStateCode: '29',
  placeOfSupplyStateCode: place,
});

describe('tax modes and rates', () => {
  it('knows the four modes', () => {
    for (const mode of ['flat', 'gst', 'composition', 'unregistered']) expect(isTaxMode(mode)).toBe(true);
    expect(isTaxMode('vat')).toBe(false);
    expect(isTaxMode(undefined)).toBe(false);
  });

  it('takes a rate from the shop’s list only; 12 and 28 only when the shop lists them', () => {
    for (const rate of DEFAULT_GST_RATES) expect(gstRateProblem(rate)).toBeUndefined();
    expect(gstRateProblem(12)).toMatch(/12% is not one of the shop's GST rates: 0%, 0.25%, 3%, 5%, 18%, 40%/);
    expect(gstRateProblem(12, [...DEFAULT_GST_RATES, ...PAST_GST_RATES])).toBeUndefined();
    for (const bad of ['18', -5, 101, 18.001, Number.NaN, null]) expect(gstRateProblem(bad)).toMatch(/gstRate must be a percent/);
  });

  it('checks a shop’s own list', () => {
    expect(gstRateListProblem([0, 5, 18, 7.5])).toBeUndefined();
    expect(gstRateListProblem([])).toMatch(/at least one/);
    expect(gstRateListProblem([5, 5.0])).toMatch(/5% is listed twice/);
    expect(gstRateListProblem([5, 120])).toMatch(/120 must be a percent/);
  });

  it('finds the tax inside an amount, rounded to the nearest paisa, a half paisa up', () => {
    expect(taxInsidePaise(6000, 5)).toBe(286); // 285.71
    expect(taxInsidePaise(10500, 5)).toBe(500);
    expect(taxInsidePaise(14, 12)).toBe(2); // exactly 1.5
    expect(taxInsidePaise(16, 28)).toBe(4); // exactly 3.5
    expect(taxInsidePaise(13, 12)).toBe(1); // 1.39
    expect(taxInsidePaise(40100, 0.25)).toBe(100);
    expect(taxInsidePaise(9999, 0)).toBe(0);
  });
});

describe('spreadPaise', () => {
  it('spreads in proportion, rounded down, the remainder to the largest', () => {
    expect(spreadPaise(5000, [8000, 6000, 9500, 9000])).toEqual([1230, 923, 1463, 1384]);
    expect(spreadPaise(2, [5, 5, 3])).toEqual([2, 0, 0]); // the first of equal largest lines
  });

  it('never gives a share more than its weight: the rest goes to the next largest', () => {
    expect(spreadPaise(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spreadPaise(3, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(() => spreadPaise(4, [1, 1, 1])).toThrow(RangeError);
  });
});

describe('priceOrderTax in gst mode', () => {
  it('prices the cart within the state: MRPs charged, tax inside per line, split in halves', () => {
    const priced = priceOrderTax(order('gst'));
    expect(priced.document).toBe('tax-invoice');
    expect(priced.supply).toBe('intra');
    expect(priced.lines.map((l) => [l.amountPaise, l.discountPaise, l.netPaise, l.taxablePaise, l.taxPaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [8000, 1230, 6770, 6770, 0, 0, 0],
      [6000, 923, 5077, 4835, 242, 121, 121], // 5077 × 5 ÷ 105 = 241.76
      [9500, 1463, 8037, 6811, 1226, 613, 613], // 8037 × 18 ÷ 118 = 1225.98; the largest line takes the 2 paise left
      [9000, 1384, 7616, 5440, 2176, 1088, 1088], // 7616 × 40 ÷ 140 = 2176
    ]);
    expect(priced.fee).toEqual({ chargePaise: 3000, ratePercent: 18, taxablePaise: 2542, taxPaise: 458, cgstPaise: 229, sgstPaise: 229, igstPaise: 0 });
    expect(priced.rates.map((r) => [r.ratePercent, r.taxablePaise, r.cgstPaise, r.sgstPaise, r.igstPaise])).toEqual([
      [0, 6770, 0, 0, 0],
      [5, 4835, 121, 121, 0],
      [18, 6811 + 2542, 613 + 229, 613 + 229, 0],
      [40, 5440, 1088, 1088, 0],
    ]);
    expect(priced.addedTaxPaise).toBe(0);
    expect(priced.totalPaise).toBe(32500 - 5000 + 3000);
    expect(priced.totals.taxablePaise + priced.totals.taxPaise).toBe(priced.totalPaise);
  });

  it('gives the odd paisa of a split to SGST', () => {
    const priced = priceOrderTax({ mode: 'gst', lines: [{ offerPrice: 22.05, quantity: 1, gstRate: 5 }], shopStateCode: '29' });
    expect(priced.lines[0]).toMatchObject({ taxPaise: 105, cgstPaise: 52, sgstPaise: 53, igstPaise: 0 });
  });

  it('charges IGST to another state, the same tax', () => {
    const intra = priceOrderTax(order('gst'));
    const inter = priceOrderTax(order('gst', '27'));
    expect(inter.supply).toBe('inter');
    expect(inter.totalPaise).toBe(intra.totalPaise);
    inter.lines.forEach((line, i) =>
      expect(line).toMatchObject({ taxPaise: intra.lines[i].taxPaise, igstPaise: intra.lines[i].taxPaise, cgstPaise: 0, sgstPaise: 0 }),
    );
    expect(inter.fee.igstPaise).toBe(458);
    expect(inter.rates.find((r) => r.ratePercent === 18)?.igstPaise).toBe(1226 + 458);
  });

  it('treats an address whose state is unknown as within the shop’s state', () => {
    expect(priceOrderTax({ ...order('gst'), placeOfSupplyStateCode: null }).supply).toBe('intra');
  });

  it('refuses a line without a rate, naming it', () => {
    const lines = [cart[0], { offerPrice: 10, quantity: 1 }];
    expect(() => priceOrderTax({ mode: 'gst', lines })).toThrow(MissingGstRate);
    try {
      priceOrderTax({ mode: 'gst', lines });
    } catch (error) {
      expect((error as MissingGstRate).line).toBe(1);
    }
  });

  it('takes the fee’s own rate', () => {
    expect(priceOrderTax({ ...order('gst'), deliveryGstRate: 5 }).fee).toMatchObject({ ratePercent: 5, taxPaise: 143 }); // 3000 × 5 ÷ 105 = 142.86
  });

  it('refuses a discount above the subtotal and bad amounts', () => {
    expect(() => priceOrderTax({ ...order('gst'), discountPaise: 32501 })).toThrow(RangeError);
    expect(() => priceOrderTax({ ...order('gst'), deliveryFeePaise: -1 })).toThrow(RangeError);
    expect(() => priceOrderTax({ mode: 'gst', lines: [{ unitPaise: 10.5, quantity: 1, gstRate: 5 }] })).toThrow(RangeError);
    expect(() => priceOrderTax({ mode: 'gst', lines: [{ unitPaise: 100, quantity: 1.5, gstRate: 5 }] })).toThrow(RangeError);
  });
});

describe('priceOrderTax in flat mode', () => {
  it('is today’s rule to the paisa: 2% of (subtotal − discount) rounded down, on top', () => {
    const priced = priceOrderTax(order('flat'));
    const today = priceCart(
      [
        { offerPrice: 40, quantity: 2 },
        { offerPrice: 60, quantity: 1 },
        { offerPrice: 95, quantity: 1 },
        { offerPrice: 45, quantity: 2 },
      ],
      { feePaise: 3000 },
      { kind: 'flat', value: 50 },
    );
    expect(today).toEqual({ subtotalPaise: 32500, discountPaise: 5000, taxPaise: 550, shippingPaise: 3000, totalPaise: 31050 });
    expect(priced).toMatchObject({ subtotalPaise: 32500, discountPaise: 5000, addedTaxPaise: 550, shippingPaise: 3000, totalPaise: 31050 });
    expect(priced.rates).toEqual([{ ratePercent: 2, taxablePaise: 27500, taxPaise: 550, cgstPaise: 275, sgstPaise: 275, igstPaise: 0 }]);
    expect(priced.fee).toMatchObject({ ratePercent: null, taxPaise: 0 });
    expect(priced.lines.reduce((sum, line) => sum + line.chargePaise, 0) + priced.fee.chargePaise).toBe(31050);
  });

  it('splits the tax as today’s invoice does (an odd paisa to CGST), spread over the lines', () => {
    const priced = priceOrderTax({ mode: 'flat', lines: [{ offerPrice: 33.33, quantity: 3 }], shopStateCode: '29' });
    expect(priced.totalPaise).toBe(10198);
    expect(priced.rates[0]).toMatchObject({ taxPaise: 199, cgstPaise: 100, sgstPaise: 99 });
  });

  it('is a bill of supply for a shop without a GSTIN, with the 2% still added as today', () => {
    expect(priceOrderTax({ ...order('flat'), registered: false })).toMatchObject({ document: 'bill-of-supply', totalPaise: 31050 });
  });
});

describe('priceOrderTax for composition and unregistered shops', () => {
  it('adds nothing, shows no tax and carries the composition legend', () => {
    const priced = priceOrderTax(order('composition'));
    expect(priced).toMatchObject({ document: 'bill-of-supply', legend: COMPOSITION_LEGEND, addedTaxPaise: 0, totalPaise: 30500, rates: [] });
    expect(priced.totals).toEqual({ taxablePaise: 30500, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(priced.lines.every((line) => line.ratePercent === null && line.chargePaise === line.netPaise)).toBe(true);
  });

  it('unregistered: the same, without the legend', () => {
    const priced = priceOrderTax(order('unregistered'));
    expect(priced).toMatchObject({ document: 'bill-of-supply', totalPaise: 30500, rates: [] });
    expect(priced.legend).toBeUndefined();
  });
});
