import { gstinProblem, gstStateByCode } from '@greencart/domain';
import { invoiceAmounts, type InvoiceShop } from './invoice-lines';
import { invoiceNumber } from './invoice-numbers';
import { longDay } from './invoices.service';

const karnataka = gstStateByCode('29')!;
const shop: InvoiceShop = { legalName: 'GreenCart Retail Pvt Ltd', gstin: '29AAACG1234A1ZA', address: '12 MG Road, Bengaluru', state: karnataka };
const order = {
  items: [
    { product: 'p1', name: 'Tomatoes', quantity: 2, offerPricePaise: 3333, hsn: '0702' },
    { product: 'p2', name: 'Milk', quantity: 1, offerPricePaise: 3000 },
  ],
  subtotalPaise: 9666,
  taxPaise: 193,
  deliveryFeePaise: 2000,
  amountPaise: 11859,
  address: { state: 'Karnataka' },
};

describe('an invoice’s lines and amounts', () => {
  it('the shop’s GSTIN used in these tests is a real one (check character included)', () => {
    expect(gstinProblem(shop.gstin!, '29')).toBeUndefined();
  });

  it('within the shop’s state: CGST and SGST halves of the tax charged, place of supply the delivery state', () => {
    const amounts = invoiceAmounts(order, shop);
    expect(amounts).toMatchObject({ kind: 'tax-invoice', placeOfSupply: karnataka, subtotalPaise: 9666, taxPaise: 193, feePaise: 2000, totalPaise: 11859 });
    expect(amounts.gst).toEqual({ kind: 'intra', cgstPaise: 97, sgstPaise: 96, ratePercent: 2 });
    expect(amounts.lines).toEqual([
      { name: 'Tomatoes', hsn: '0702', quantity: 2, ratePaise: 3333, amountPaise: 6666 },
      { name: 'Milk', quantity: 1, ratePaise: 3000, amountPaise: 3000 },
    ]);
  });

  it('to another state: IGST of the whole tax', () => {
    const amounts = invoiceAmounts({ ...order, address: { state: 'kerala' } }, shop);
    expect(amounts.placeOfSupply?.code).toBe('32');
    expect(amounts.gst).toEqual({ kind: 'inter', igstPaise: 193, ratePercent: 2 });
  });

  it('an address state nobody knows is taken as the shop’s own (it delivers locally)', () => {
    expect(invoiceAmounts({ ...order, address: { state: 'Bangalore Urban' } }, shop).gst?.kind).toBe('intra');
  });

  it('a shop without a GSTIN: a bill of supply claiming no GST, the same amounts', () => {
    const amounts = invoiceAmounts(order, { ...shop, gstin: null });
    expect(amounts).toMatchObject({ kind: 'bill-of-supply', gst: null, taxPaise: 193, totalPaise: 11859 });
  });

  it('a line sold in a pack size names it, and carries the label to print under the name', () => {
    const sized = {
      ...order,
      items: [
        { product: 'p3', name: 'Whole Wheat Atta', label: '5 kg', quantity: 1, offerPricePaise: 24900 },
        { product: 'p4', name: 'Toned Milk 1 L', label: '1 L', quantity: 2, offerPricePaise: 5600 },
      ],
    };
    expect(invoiceAmounts(sized, shop).lines).toEqual([
      { name: 'Whole Wheat Atta 5 kg', label: '5 kg', quantity: 1, ratePaise: 24900, amountPaise: 24900 },
      { name: 'Toned Milk 1 L', label: '1 L', quantity: 2, ratePaise: 5600, amountPaise: 11200 },
    ]);
  });

  it('HSN: the one sold with, else the product’s current one', () => {
    const amounts = invoiceAmounts(order, shop, (id) => (id === 'p2' ? '0401' : '9999'));
    expect(amounts.lines.map((line) => line.hsn)).toEqual(['0702', '0401']);
  });
});

describe('invoice dates and numbers', () => {
  it('dates as "27 Nov 2026"', () => {
    expect(longDay('2026-11-27')).toBe('27 Nov 2026');
    expect(longDay('2027-01-05')).toBe('5 Jan 2027');
  });

  it('numbers of at most 16 characters, per financial year', () => {
    expect(invoiceNumber('2026-27', 42)).toBe('GC/26-27/000042');
    expect(invoiceNumber('2026-27', 42).length).toBeLessThanOrEqual(16);
  });
});
