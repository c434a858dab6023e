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
});
