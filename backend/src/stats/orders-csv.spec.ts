import { priceCart } from '@greencart/domain';
import { csvLine, moneyCell, phoneCell, textCell } from '../common/csv/csv-cells';
import { CSV_HEADER, headerLine, orderLine, type CsvOrder } from './orders-csv';

/** The cells of one CSV line as a spreadsheet reads them (quoted cells, doubled quotes, CRLF end). */
function cellsOf(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const cells: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|\r\n$)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(line))) {
    const cell = match[1];
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    if (match[2] === '\r\n') break;
  }
  return cells;
}

const order: CsvOrder = {
  _id: '665f1c2e9b1d8c0012345678',
  user: '665f1c2e9b1d8c0012345679',
  orderNumber: 'GC-20260310-0042',
  // 23:45 on the 10th in India is 18:15 UTC.
  createdAt: new Date('2026-03-10T18:15:00Z'),
  address: { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', pincode: '560001' },
  items: [
    { name: 'Alphonso Mango', quantity: 3, offerPricePaise: 3333 },
    { name: 'Toor Dal 1 kg', quantity: 1, offerPricePaise: 14900 },
  ],
  subtotalPaise: 24899,
  taxPaise: 497,
  deliveryFeePaise: 2500,
  amountPaise: 27896,
  paymentType: 'COD',
  paymentStatus: 'pending',
  status: 'Order Placed',
};

describe('textCell', () => {
  it('quotes every text, doubling quotes inside', () => {
    expect(textCell('Asha')).toBe('"Asha"');
    expect(textCell('12" pizza, "large"')).toBe('"12"" pizza, ""large"""');
    expect(textCell('')).toBe('""');
    expect(textCell('two\nlines')).toBe('"two\nlines"');
  });

  it('makes a cell that a spreadsheet would run as a formula plain text (=, +, -, @, tab, CR first)', () => {
    expect(textCell('=HYPERLINK("http://evil.example","Click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    expect(textCell('+91 98765')).toBe('"\'+91 98765"');
    expect(textCell('-2+3')).toBe('"\'-2+3"');
    expect(textCell('@SUM(A1:A9)')).toBe('"\'@SUM(A1:A9)"');
    expect(textCell('\t=1+1')).toBe('"\'\t=1+1"');
    expect(textCell('\r=1+1')).toBe('"\'\r=1+1"');
    // Only the first character counts.
    expect(textCell('Rao = best')).toBe('"Rao = best"');
    expect(textCell(' =1')).toBe('" =1"');
  });
});

describe('moneyCell', () => {
  it('writes paise as rupees with two decimals, a number every spreadsheet reads', () => {
    expect(moneyCell(0)).toBe('0.00');
    expect(moneyCell(5)).toBe('0.05');
    expect(moneyCell(9999)).toBe('99.99');
    expect(moneyCell(12500000)).toBe('125000.00');
    expect(moneyCell(-2550)).toBe('-25.50');
  });
});

describe('the orders CSV', () => {
  it('has a header line of quoted names ending in CRLF', () => {
    expect(cellsOf(headerLine())).toEqual([...CSV_HEADER]);
    expect(csvLine(['1', '2'])).toBe('1,2\r\n');
  });

  it('writes an order in the shop’s time zone, one cell per header column', () => {
    const cells = cellsOf(orderLine(order, 'Asia/Kolkata'));
    expect(cells).toHaveLength(CSV_HEADER.length);
    expect(Object.fromEntries(CSV_HEADER.map((name, i) => [name, cells[i]]))).toEqual({
      'Order number': 'GC-20260310-0042',
      Date: '2026-03-10',
      Time: '23:45',
      Shopper: 'Asha Rao',
      Phone: '(+91) 98765 43210',
      Pincode: '560001',
      Lines: 'Alphonso Mango × 3 @ ₹33.33; Toor Dal 1 kg × 1 @ ₹149.00',
      Subtotal: '248.99',
      Discount: '0.00',
      Coupon: '',
      Tax: '4.97',
      'Delivery fee': '25.00',
      Amount: '278.96',
      Payment: 'COD',
      'Payment status': 'pending',
      Status: 'Order Placed',
      Refunded: '0.00',
      'Placed amount': '278.96',
      'Delivery slot': '',
      'Tax mode': 'flat',
      'GST included': '0.00',
    });
  });

  it('a gst order added no tax on top and says the GST its amount includes (issue 54)', () => {
    const cells = cellsOf(orderLine({ ...order, taxPaise: 0, amountPaise: 27399, taxMode: 'gst', taxInsidePaise: 1234 }, 'Asia/Kolkata'));
    const at = (name: (typeof CSV_HEADER)[number]) => cells[CSV_HEADER.indexOf(name)];
    expect([at('Tax'), at('Amount'), at('Tax mode'), at('GST included')]).toEqual(['0.00', '273.99', 'gst', '12.34']);
  });

  it('names the delivery slot an order chose', () => {
    const cells = cellsOf(orderLine({ ...order, deliverySlot: { date: '2026-03-12', start: '07:00', end: '09:00' } }, 'Asia/Kolkata'));
    expect(cells[CSV_HEADER.indexOf('Delivery slot')]).toBe('Thu 12 Mar, 07:00–09:00');
  });

  it('puts an order just after midnight in India on the next day, whatever the server’s zone', () => {
    const cells = cellsOf(orderLine({ ...order, createdAt: new Date('2026-03-10T18:30:00Z') }, 'Asia/Kolkata'));
    expect(cells.slice(1, 3)).toEqual(['2026-03-11', '00:00']);
    expect(cellsOf(orderLine({ ...order, createdAt: new Date('2026-03-10T18:30:00Z') }, 'UTC')).slice(1, 3)).toEqual(['2026-03-10', '18:30']);
  });

  it('a shopper’s name, phone or product name written as a formula stays text', () => {
    const hostile: CsvOrder = {
      ...order,
      address: { firstName: '=cmd|"/c calc"!A1', lastName: '', phone: '+919876543210', pincode: '560001' },
      items: [{ name: '@SUM(1+1)', quantity: 1, offerPricePaise: 100 }],
    };
    const cells = cellsOf(orderLine(hostile, 'Asia/Kolkata'));
    expect(cells[3]).toBe('\'=cmd|"/c calc"!A1');
    // The phone reads as a phone, with no apostrophe showing, and is neither a formula nor a number.
    expect(cells[4]).toBe('(+91) 98765 43210');
    // The lines cell starts with the product's name.
    expect(cells[6]).toBe("'@SUM(1+1) × 1 @ ₹1.00");
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('phones: Indian mobiles as (+91) 98765 43210 whatever was stored; anything else as typed, made text when it starts like a formula', () => {
    const phoneOf = (phone: string) => cellsOf(orderLine({ ...order, address: { ...order.address, phone } }, 'Asia/Kolkata'))[4];
    for (const stored of ['9876543210', '+919876543210', '+91 98765 43210']) expect(phoneOf(stored)).toBe('(+91) 98765 43210');
    expect(phoneOf('+44 20 7946 0958')).toBe("'+44 20 7946 0958");
    expect(phoneOf('1800 123')).toBe('1800 123');
    expect(phoneCell('')).toBe('""');
  });

  it('an order without an address or number: the account’s name, the id, empty cells, no delivery fee as 0.00', () => {
    const bare: CsvOrder = { ...order, orderNumber: undefined, address: null, deliveryFeePaise: undefined, paymentStatus: undefined };
    const cells = cellsOf(orderLine(bare, 'Asia/Kolkata', 'Asha Rao'));
    expect(cells[0]).toBe('665f1c2e9b1d8c0012345678');
    expect(cells[3]).toBe('Asha Rao');
    expect(cells.slice(4, 6)).toEqual(['', '']);
    expect(cells[CSV_HEADER.indexOf('Delivery fee')]).toBe('0.00');
    expect(cells[CSV_HEADER.indexOf('Discount')]).toBe('0.00');
    expect(cells[CSV_HEADER.indexOf('Coupon')]).toBe('');
    expect(cells[CSV_HEADER.indexOf('Payment status')]).toBe('');
    expect(cellsOf(orderLine(bare, 'Asia/Kolkata'))[3]).toBe('');
  });

  it('names each line’s pack size, once when the name has it already', () => {
    const sized: CsvOrder = {
      ...order,
      items: [
        { name: 'Whole Wheat Atta', label: '5 kg', quantity: 2, offerPricePaise: 24900 },
        { name: 'Whole Wheat Atta', label: '1 kg', quantity: 1, offerPricePaise: 5400 },
        { name: 'Toor Dal 1 kg', label: '1 kg', quantity: 1, offerPricePaise: 14900 },
      ],
    };
    expect(cellsOf(orderLine(sized, 'Asia/Kolkata'))[6]).toBe(
      'Whole Wheat Atta 5 kg × 2 @ ₹249.00; Whole Wheat Atta 1 kg × 1 @ ₹54.00; Toor Dal 1 kg × 1 @ ₹149.00',
    );
  });

  it('an order with a coupon: its discount and code beside the subtotal, and the amounts add up to the paisa', () => {
    // 3 × ₹33.33 + ₹149.00 = ₹248.99, FLAT50: tax 2% of ₹198.99 = ₹3.97, fee ₹25.00, amount ₹227.96.
    const price = priceCart(
      [
        { offerPrice: 33.33, quantity: 3 },
        { offerPrice: 149, quantity: 1 },
      ],
      { feePaise: 2500 },
      { kind: 'flat', value: 50 },
    );
    const discounted: CsvOrder = {
      ...order,
      discountPaise: price.discountPaise,
      coupon: { code: 'FLAT50' },
      taxPaise: price.taxPaise,
      deliveryFeePaise: price.shippingPaise,
      amountPaise: price.totalPaise,
    };
    const cells = cellsOf(orderLine(discounted, 'Asia/Kolkata'));
    const cell = (name: (typeof CSV_HEADER)[number]) => cells[CSV_HEADER.indexOf(name)];
    expect(cells).toHaveLength(CSV_HEADER.length);
    expect(CSV_HEADER.slice(CSV_HEADER.indexOf('Subtotal'), CSV_HEADER.indexOf('Tax') + 1)).toEqual(['Subtotal', 'Discount', 'Coupon', 'Tax']);
    expect([cell('Subtotal'), cell('Discount'), cell('Coupon'), cell('Tax'), cell('Delivery fee'), cell('Amount')]).toEqual([
      '248.99',
      '50.00',
      'FLAT50',
      '3.97',
      '25.00',
      '227.96',
    ]);
    const paise = (name: (typeof CSV_HEADER)[number]) => Math.round(Number(cell(name)) * 100);
    expect(paise('Subtotal') - paise('Discount') + paise('Tax') + paise('Delivery fee')).toBe(paise('Amount'));
  });

  it('a coupon code is a text cell, made plain text if it ever starts like a formula', () => {
    const cells = cellsOf(orderLine({ ...order, discountPaise: 100, coupon: { code: '=1+1' } }, 'Asia/Kolkata'));
    expect(cells[CSV_HEADER.indexOf('Coupon')]).toBe("'=1+1");
    expect(orderLine({ ...order, discountPaise: 100, coupon: { code: '@X' } }, 'Asia/Kolkata')).toContain(`"'@X"`);
  });
});
