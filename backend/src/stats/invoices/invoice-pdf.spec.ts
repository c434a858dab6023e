import { gstStateByCode } from '@greencart/domain';
import { pdfText } from '../../../test/support/pdf-text';
import { invoiceAmounts } from './invoice-lines';
import { renderInvoicePdf } from './invoice-pdf';

const shop = { legalName: 'GreenCart Retail Pvt Ltd', gstin: null, address: '12 MG Road, Bengaluru', state: gstStateByCode('29')! };

describe('the invoice PDF', () => {
  it('describes a line sold in a pack size by its name with the size, and the size under it', async () => {
    const amounts = invoiceAmounts(
      {
        items: [
          { name: 'Whole Wheat Atta', label: '5 kg', quantity: 1, offerPricePaise: 24900 },
          { name: 'Desi Tomatoes', quantity: 2, offerPricePaise: 3950 },
        ],
        subtotalPaise: 32800,
        taxPaise: 656,
        amountPaise: 33456,
        address: { state: 'Karnataka' },
      },
      shop,
    );
    const pdf = await renderInvoicePdf({
      shop: { ...shop, name: 'GreenCart', email: 'hello@shop.test', phone: '+91 98765 43210' },
      number: 'GC/2026-27/000001',
      issuedOn: '27 Nov 2026',
      orderNumber: 'GC-1001',
      orderDate: '27 Nov 2026',
      orderTime: '15:30',
      payment: 'Cash on delivery',
      amounts,
    });
    const text = pdfText(pdf);
    expect(text).toContain('1 Whole Wheat Atta 5 kg — 1 ₹249.00 ₹249.00');
    expect(text).toContain('Pack size: 5 kg');
    expect(text).toContain('2 Desi Tomatoes — 2 ₹39.50 ₹79.00');
    expect(text.match(/Pack size:/g)).toHaveLength(1);
  });

  const render = (amounts: ReturnType<typeof invoiceAmounts>, note?: string) =>
    renderInvoicePdf({
      shop: {
        ...shop,
        gstin: amounts.kind === 'tax-invoice' ? '29AAACG1234A1ZA' : null,
        name: 'GreenCart',
        email: 'hello@shop.test',
        phone: '+91 98765 43210',
      },
      number: 'GC/26-27/000002',
      issuedOn: '27 Nov 2026',
      orderNumber: 'GC-1002',
      orderDate: '27 Nov 2026',
      orderTime: '15:30',
      payment: 'Cash on delivery',
      note,
      amounts,
    });
  // 3 × ₹33.33 + ₹30.00 = ₹129.99; 12.5% off: ₹16.24; tax 2% of ₹113.75: ₹2.27; fee ₹20.00; total ₹136.02.
  const discounted = {
    items: [
      { name: 'Tomatoes', quantity: 3, offerPricePaise: 3333, hsn: '0702' },
      { name: 'Milk', quantity: 1, offerPricePaise: 3000 },
    ],
    subtotalPaise: 12999,
    discountPaise: 1624,
    coupon: { code: 'SAVE12' },
    taxPaise: 227,
    deliveryFeePaise: 2000,
    amountPaise: 13602,
    address: { state: 'Karnataka' },
  };

  it('a tax invoice with a coupon: subtotal, the coupon’s discount, the taxable value, CGST and SGST of the stored tax, the total', async () => {
    const text = pdfText(await render(invoiceAmounts(discounted, { ...shop, gstin: '29AAACG1234A1ZA' })));
    // The lines are before the discount: their column is the amount, not the taxable value.
    expect(text).toContain('# Item HSN Qty Rate Amount');
    expect(text).toContain('1 Tomatoes 0702 3 ₹33.33 ₹99.99');
    expect(text).toContain(
      'Subtotal ₹129.99\nCoupon SAVE12 −₹16.24\nTaxable value ₹113.75\nCGST @ 1% ₹1.14\nSGST @ 1% ₹1.13\nDelivery fee ₹20.00\nTotal ₹136.02',
    );
    expect(text).toContain('Rupees One Hundred Thirty-Six and Two Paise Only');
  });

  it('a bill of supply with a coupon: the discount and what is left after it, the tax not as GST', async () => {
    const text = pdfText(await render(invoiceAmounts(discounted, shop)));
    expect(text).toContain('Subtotal ₹129.99\nCoupon SAVE12 −₹16.24\nAfter discount ₹113.75\nTax (2%, not GST) ₹2.27\nDelivery fee ₹20.00\nTotal ₹136.02');
  });

  it('an order without a coupon keeps its invoice as before: the taxable value is the lines’ sum, no discount line', async () => {
    const plain = { ...discounted, discountPaise: undefined, coupon: undefined, taxPaise: 259, amountPaise: 15258 };
    const text = pdfText(await render(invoiceAmounts(plain, { ...shop, gstin: '29AAACG1234A1ZA' })));
    expect(text).toContain('# Item HSN Qty Rate Taxable value');
    expect(text).toContain('Taxable value ₹129.99\nCGST @ 1% ₹1.30\nSGST @ 1% ₹1.29\nDelivery fee ₹20.00\nTotal ₹152.58');
    expect(text).not.toMatch(/Coupon|Discount|Subtotal/);
  });

  it('the totals, the words and the note stay together above the footer, on the next page when the lines leave no room', async () => {
    const note = 'This order was cancelled after this invoice was issued.';
    const footer = 'This is a computer-generated tax invoice and needs no signature.\nThank you for shopping with GreenCart.';
    let movedAlone = 0;
    for (let count = 8; count <= 24; count++) {
      const many = {
        ...discounted,
        items: Array.from({ length: count }, (_, i) => ({ name: `Item ${i + 1}`, quantity: 1, offerPricePaise: 10000 })),
        subtotalPaise: count * 10000,
        discountPaise: 1000,
        taxPaise: Math.floor(((count * 10000 - 1000) * 2) / 100),
      };
      const amounts = invoiceAmounts({ ...many, amountPaise: many.subtotalPaise - 1000 + many.taxPaise + 2000 }, { ...shop, gstin: '29AAACG1234A1ZA' });
      const pages = pdfText(await render(amounts, note)).split('\n\f\n');
      const last = pages[pages.length - 1];
      // Read top to bottom, the last page ends with the totals, the words, the note and then the footer: nothing overlaps it.
      expect({ count, end: last.slice(last.indexOf('Subtotal')) }).toEqual({
        count,
        end: expect.stringMatching(
          new RegExp(
            `^Subtotal [^\\n]+\\nCoupon SAVE12 −₹10\\.00\\n[\\s\\S]*Amount in words\\n[^\\n]+\\nTax is not payable on reverse charge\\.\\n${note}\\n${footer}$`,
          ),
        ),
      });
      expect(pages.slice(0, -1).join('')).not.toContain('Subtotal');
      if (pages.length > 1 && !last.includes('Item ')) movedAlone++;
    }
    // Some of these counts leave room for the lines but not for the totals under them.
    expect(movedAlone).toBeGreaterThan(0);
  });
});
