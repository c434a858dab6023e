import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { pdfText } from './support/pdf-text';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { priceCart } from '@greencart/domain';
import { rupeesInWords } from '../src/stats/invoices/amount-in-words';

/** A GSTIN of Karnataka (29) with its right check character; the same PAN registered in Kerala (32). */
const KARNATAKA_GSTIN = '29AAACG1234A1ZA';
const KERALA_GSTIN = '32AAACG1234A1ZN';
const SHOP = { legalName: 'GreenCart Retail Private Limited', gstin: KARNATAKA_GSTIN, address: '12 MG Road\nBengaluru 560001', stateCode: '29' };
const HSN_MESSAGE = 'hsn must be 4 to 8 digits (the product’s HSN code)';
const NUMBER = /(?:Tax invoice|Bill of supply) (GC\/\d\d-\d\d\/\d{6})/;

function binaryParser(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The invoice's number (from the PDF's title) and its text as a person reads it. */
async function download(agent: Agent, path: string): Promise<{ number: string; seq: number; text: string; title: string }> {
  const pdf = (await agent.get(path).buffer(true).parse(binaryParser).expect(200)).body as Buffer;
  const [title, number] = NUMBER.exec(pdf.toString('latin1'))!;
  return { number, seq: Number(number.slice(-6)), text: pdfText(pdf), title };
}

/** Today in the shop's time zone as invoices write it: "27 Nov 2026". */
const todayOnInvoices = () =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' })
    .formatToParts(new Date())
    .filter((part) => part.type !== 'literal')
    .map((part) => (part.type === 'month' ? part.value.slice(0, 3) : part.value))
    .join(' ');

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

describe('GST-ready invoices: the shop’s details, HSN codes, the tax split and the number series', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let asha: Agent;
  let karnatakaAddress: string;
  let keralaAddress: string;
  let tomatoes: string;
  let milk: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, SHOP_NAME: 'GreenCart', SHOP_GSTIN: '', SHOP_ADDRESS: '1 Env Street, Bengaluru' });
    sellerAgent = await seller(t);
    asha = (await shopper(t, 'Asha')).agent;
    karnatakaAddress = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    keralaAddress = (
      await asha
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, street: '4 Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' } })
        .expect(201)
    ).body.address._id;
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    tomatoes = (await addProduct({ name: 'Desi Tomatoes', category: 'Vegetables', price: 45, offerPrice: 33.33, hsn: '0702' }).expect(201)).body.product._id;
    [milk] = await insertProducts(t, [{ name: 'Milk', offerPrice: 30, category: 'Dairy' }]);
  });
  afterAll(() => t.close());

  const addProduct = (data: Record<string, unknown>) =>
    sellerAgent.post('/api/addproduct').field('productData', JSON.stringify(data)).attach('image', png, 'p.png');
  const editProduct = (id: string, data: Record<string, unknown>) => sellerAgent.patch(`/api/products/${id}`).field('productData', JSON.stringify(data));
  const place = async (address: string, items: { product: string; quantity: number }[]) =>
    (await asha.post('/api/placeorders').set('Idempotency-Key', randomUUID()).send({ address, items }).expect(201)).body.order as {
      _id: string;
      subtotalPaise: number;
      taxPaise: number;
      amountPaise: number;
    };
  const storedOrder = (id: string) => t.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) });

  it('shows the environment’s details until the seller saves, to the seller only', async () => {
    const res = await sellerAgent.get('/api/seller/shop').expect(200);
    expect(res.body).toEqual({
      success: true,
      shop: {
        legalName: 'GreenCart',
        gstin: null,
        address: '1 Env Street, Bengaluru',
        stateCode: null,
        stateName: null,
        saved: false,
        taxMode: 'flat',
        gstRates: [0, 0.25, 3, 5, 18, 40],
        deliveryGstRate: 18,
      },
    });
    await asha.get('/api/seller/shop').expect(403);
    await t.http().get('/api/seller/shop').expect(401);
    await asha.put('/api/seller/shop').send(SHOP).expect(403);
  });

  it('without a GSTIN the shop issues a bill of supply: no CGST, SGST or IGST claimed', async () => {
    const order = await place(karnatakaAddress, [{ product: tomatoes, quantity: 2 }]);
    const { title, text } = await download(asha, `/api/orders/${order._id}/invoice.pdf`);
    expect(title).toMatch(/^Bill of supply GC\//);
    expect(text).toContain('GreenCart BILL OF SUPPLY');
    expect(text).toContain('Not registered under GST');
    expect(text).toContain(`Tax (2%, not GST) ${rupees(order.taxPaise)}`);
    expect(text).toContain('no GST (CGST, SGST or IGST) is charged or may be claimed');
    expect(text).not.toMatch(/CGST @|SGST @|IGST @|GSTIN:|TAX INVOICE/);
  });

  it('checks the GSTIN: its form, its check character and its state; a refused save changes nothing', async () => {
    const refused = async (body: Record<string, unknown>, message: string | RegExp) => {
      const res = await sellerAgent.put('/api/seller/shop').send(body).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    };
    await refused({ ...SHOP, gstin: '29AAACG1234A1ZB' }, 'GSTIN’s check character (the last one) does not match the rest: one of its characters is mistyped');
    await refused({ ...SHOP, gstin: '29AAACG1235A1ZA' }, /check character/);
    await refused({ ...SHOP, gstin: KERALA_GSTIN }, 'GSTIN is registered in Kerala (state code 32), but the shop’s state is Karnataka (29); they must match');
    await refused({ ...SHOP, gstin: '29AAACG1234A1Z' }, /GSTIN must be 15 characters/);
    await refused({ ...SHOP, gstin: '99AAACG1234A1ZA' }, /begins with 99/);
    await refused({ ...SHOP, stateCode: '28' }, /stateCode must be the 2-digit GST code/);
    await refused({ ...SHOP, legalName: ' ' }, /legalName is required/);
    await refused({ ...SHOP, gstin: { $gt: '' } }, /GSTIN|gstin/);
    await refused({ ...SHOP, extra: 1 }, /extra/);
    expect((await sellerAgent.get('/api/seller/shop').expect(200)).body.shop.saved).toBe(false);

    // Good ones: typed in lower case with spaces, and Kerala's with Kerala chosen.
    const kerala = await sellerAgent
      .put('/api/seller/shop')
      .send({ ...SHOP, gstin: ' 32aaacg1234a1zn ', stateCode: '32' })
      .expect(200);
    expect(kerala.body).toMatchObject({
      success: true,
      message: 'Shop details saved',
      shop: { gstin: KERALA_GSTIN, stateCode: '32', stateName: 'Kerala', saved: true },
    });
    // The activity log (issue 42) keeps the save with the fields it changed; refused saves left nothing.
    const logged = (await sellerAgent.get('/api/seller/activity?kind=shop.changed').expect(200)).body.entries as { before: object; after: object }[];
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      before: { gstin: null, stateCode: null, saved: false },
      after: { gstin: KERALA_GSTIN, stateCode: '32', stateName: 'Kerala', saved: true },
    });
    const saved = await sellerAgent.put('/api/seller/shop').send(SHOP).expect(200);
    expect(saved.body.shop).toEqual({ ...SHOP, stateName: 'Karnataka', saved: true, taxMode: 'flat', gstRates: [0, 0.25, 3, 5, 18, 40], deliveryGstRate: 18 });
    expect((await sellerAgent.get('/api/seller/shop').expect(200)).body.shop).toEqual(saved.body.shop);
  });

  it('takes an HSN code of 4 to 8 digits on a product, optional; "" removes it', async () => {
    for (const hsn of ['070', '070200001', '07a2', 702]) {
      const res = await addProduct({ name: 'Odd', category: 'Vegetables', price: 10, offerPrice: 10, hsn }).expect(400);
      expect(res.body).toEqual({ success: false, message: HSN_MESSAGE });
    }
    const plain = (await addProduct({ name: 'Plain', category: 'Vegetables', price: 10, offerPrice: 10 }).expect(201)).body.product;
    expect(plain.hsn).toBeUndefined();
    expect((await editProduct(plain._id, { hsn: '07099990' }).expect(200)).body.product.hsn).toBe('07099990');
    expect((await editProduct(plain._id, { hsn: '123' }).expect(400)).body.message).toBe(HSN_MESSAGE);
    expect((await t.http().get(`/api/products/${plain._id}`).expect(200)).body.product.hsn).toBe('07099990');
    expect((await editProduct(plain._id, { hsn: '' }).expect(200)).body.product.hsn).toBeUndefined();
    expect((await t.connection.collection('products').findOne({ name: 'Plain' }))!.hsn).toBeUndefined();
  });

  it('within the shop’s state: CGST + SGST, the place of supply, HSN per line, the shop’s legal details, dates as “27 Nov 2026”', async () => {
    const order = await place(karnatakaAddress, [
      { product: tomatoes, quantity: 2 },
      { product: milk, quantity: 1 },
    ]);
    // The line keeps the HSN it was sold with.
    expect((await storedOrder(order._id))!.items.map((item: { hsn?: string }) => item.hsn)).toEqual(['0702', undefined]);
    const { title, text } = await download(sellerAgent, `/api/seller/orders/${order._id}/invoice.pdf`);
    expect(title).toMatch(/^Tax invoice GC\//);
    expect(text).toContain('GreenCart Retail Private Limited TAX INVOICE');
    expect(text).toContain('Trading as GreenCart\n12 MG Road\nBengaluru 560001\nState: Karnataka (code 29)\nGSTIN: 29AAACG1234A1ZA');
    expect(text).toContain(`Invoice date ${todayOnInvoices()}`);
    expect(text).toMatch(new RegExp(`Order date ${todayOnInvoices()} \\d\\d:\\d\\d`));
    expect(text).toContain('Place of supply Karnataka (29)');
    expect(text).toMatch(/Bengaluru, Karnataka 560001 .*\nIndia\n.*\nState: Karnataka \(code 29\)\n/);
    expect(text).toContain('1 Desi Tomatoes 0702 2 ₹33.33 ₹66.66');
    expect(text).toContain('2 Milk — 1 ₹30.00 ₹30.00');
    const sgst = Math.floor(order.taxPaise / 2);
    expect(text).toContain(`Taxable value ${rupees(order.subtotalPaise)}\nCGST @ 1% ${rupees(order.taxPaise - sgst)}\nSGST @ 1% ${rupees(sgst)}`);
    expect(text).toContain(`Total ${rupees(order.amountPaise)}`);
    expect(text).toContain(rupeesInWords(order.amountPaise));
    expect(text).not.toContain('IGST');
  });

  it('to another state: IGST 2% and that state as the place of supply; older lines print the product’s HSN of today', async () => {
    const order = await place(keralaAddress, [{ product: milk, quantity: 3 }]);
    // As if sold before lines kept an HSN, and the product has one since.
    await editProduct(milk, { hsn: '0401' }).expect(200);
    const { text } = await download(asha, `/api/orders/${order._id}/invoice.pdf`);
    expect(text).toContain('Place of supply Kerala (32)');
    expect(text).toMatch(/Kochi, Kerala 682031 .*\nIndia\n.*\nState: Kerala \(code 32\)\n/);
    expect(text).toContain('1 Milk 0401 3 ₹30.00 ₹90.00');
    expect(text).toContain(`Taxable value ${rupees(order.subtotalPaise)}\nIGST @ 2% ${rupees(order.taxPaise)}`);
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('a line sold in a pack size is described with its size, and the size printed under the name', async () => {
    // Written around the app as the placing of pack sizes stores it: the line's variant and label.
    const product = new Types.ObjectId();
    const line = (label: string | undefined, quantity: number, offerPricePaise: number) => ({
      product,
      quantity,
      name: 'Whole Wheat Atta',
      category: 'Grains',
      image: '',
      offerPrice: offerPricePaise / 100,
      offerPricePaise,
      hsn: '1101',
      ...(label ? { variant: String(new Types.ObjectId()), label } : {}),
    });
    const items = [line('5 kg', 1, 24_900), line('1 kg', 2, 5_600), line(undefined, 1, 25_000)];
    const subtotalPaise = 24_900 + 2 * 5_600 + 25_000;
    const order = {
      _id: new Types.ObjectId(),
      user: new Types.ObjectId(),
      items,
      address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
      amount: (subtotalPaise + 1_222) / 100,
      amountPaise: subtotalPaise + 1_222,
      subtotalPaise,
      taxPaise: 1_222,
      paymentType: 'COD',
      paymentStatus: 'pending',
      isPaid: false,
      status: 'Order Placed',
      statusHistory: [{ status: 'Order Placed', at: new Date() }],
      idempotencyKey: randomUUID(),
      requestHash: 'test',
      orderNumber: `GC-${Math.floor(Math.random() * 1e6)}`,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await t.connection.collection('orders').insertOne(order);
    const { text } = await download(sellerAgent, `/api/seller/orders/${order._id}/invoice.pdf`);
    expect(text).toContain('1 Whole Wheat Atta 5 kg 1101 1 ₹249.00 ₹249.00\nPack size: 5 kg');
    expect(text).toContain('2 Whole Wheat Atta 1 kg 1101 2 ₹56.00 ₹112.00\nPack size: 1 kg');
    // A line from before pack sizes: its name alone.
    expect(text).toContain('3 Whole Wheat Atta 1101 1 ₹250.00 ₹250.00\n');
    expect(text.match(/Pack size:/g)).toHaveLength(2);
  });

  it('an order with a coupon: the discount line, the taxable value after it, CGST/SGST and IGST of the tax as stored, adding up to the amount', async () => {
    await sellerAgent.put('/api/seller/shop').send(SHOP).expect(200);
    for (const [address, state] of [
      [karnatakaAddress, 'Karnataka'],
      [keralaAddress, 'Kerala'],
    ] as const) {
      const placed = await place(address, [
        { product: tomatoes, quantity: 3 },
        { product: milk, quantity: 1 },
      ]);
      // Written around the app as placing with a coupon stores it (12.5% off, the one money rule): a copy of the order placed, with its coupon.
      const stored = (await storedOrder(placed._id))!;
      const price = priceCart(
        stored.items.map((item: { offerPricePaise: number; quantity: number }) => ({ offerPrice: item.offerPricePaise / 100, quantity: item.quantity })),
        { feePaise: stored.deliveryFeePaise ?? 0 },
        { kind: 'percent', value: 12.5 },
      );
      expect(price).toMatchObject({ subtotalPaise: 12999, discountPaise: 1624, taxPaise: 227 });
      const orderId = new Types.ObjectId();
      await t.connection.collection('orders').insertOne({
        ...stored,
        _id: orderId,
        orderNumber: `GC-C${Math.floor(Math.random() * 1e6)}`,
        idempotencyKey: randomUUID(),
        discountPaise: price.discountPaise,
        coupon: { code: 'SAVE12', couponId: new Types.ObjectId(), discountPaise: price.discountPaise },
        taxPaise: price.taxPaise,
        amountPaise: price.totalPaise,
        amount: price.totalPaise / 100,
      });
      const fee = price.shippingPaise;
      const own = await download(asha, `/api/orders/${orderId}/invoice.pdf`);
      const bySeller = await download(sellerAgent, `/api/seller/orders/${orderId}/invoice.pdf`);
      expect(bySeller.number).toBe(own.number);
      const { text } = own;
      expect(text).toContain('# Item HSN Qty Rate Amount');
      expect(text).toContain('1 Desi Tomatoes 0702 3 ₹33.33 ₹99.99');
      const tax = state === 'Karnataka' ? 'CGST @ 1% ₹1.14\nSGST @ 1% ₹1.13' : 'IGST @ 2% ₹2.27';
      expect(text).toContain(
        `Subtotal ₹129.99\nCoupon SAVE12 −₹16.24\nTaxable value ₹113.75\n${tax}\nDelivery fee ${rupees(fee)}\nTotal ${rupees(price.totalPaise)}`,
      );
      expect(price.totalPaise).toBe(11375 + 227 + fee);
      expect(text).toContain(rupeesInWords(price.totalPaise));
    }
  });

  it('numbers invoices in sequence, once per order; an invoice keeps the details it was issued with', async () => {
    const [one, two] = [await place(karnatakaAddress, [{ product: milk, quantity: 1 }]), await place(karnatakaAddress, [{ product: milk, quantity: 2 }])];
    const first = await download(asha, `/api/orders/${one._id}/invoice.pdf`);
    const second = await download(sellerAgent, `/api/seller/orders/${two._id}/invoice.pdf`);
    expect(second.seq).toBe(first.seq + 1);
    await sellerAgent
      .put('/api/seller/shop')
      .send({ ...SHOP, legalName: 'Renamed Retail LLP' })
      .expect(200);
    const again = await download(sellerAgent, `/api/seller/orders/${one._id}/invoice.pdf`);
    expect(again.number).toBe(first.number);
    expect(again.text).toContain('GreenCart Retail Private Limited TAX INVOICE');
    const third = await download(asha, `/api/orders/${(await place(karnatakaAddress, [{ product: milk, quantity: 1 }]))._id}/invoice.pdf`);
    expect(third.seq).toBe(second.seq + 1);
    expect(third.text).toContain('Renamed Retail LLP TAX INVOICE');
  });

  it('a number taken by a request that stopped before writing it down is still its order’s: no gap, no second number', async () => {
    const [stopped, next] = [await place(karnatakaAddress, [{ product: milk, quantity: 1 }]), await place(karnatakaAddress, [{ product: milk, quantity: 1 }])];
    const counters = t.connection.collection<{ _id: string; last: number; order?: string; at?: Date }>('invoice_counters');
    const [counter] = await counters.find({}).toArray();
    // The counter moved to the stopped order's number; its invoice record was never written.
    await counters.updateOne({ _id: counter._id }, { $inc: { last: 1 }, $set: { order: stopped._id, at: new Date() } });
    const theirs = await download(sellerAgent, `/api/seller/orders/${next._id}/invoice.pdf`);
    expect(theirs.seq).toBe(counter.last + 2);
    const stoppedOne = await download(asha, `/api/orders/${stopped._id}/invoice.pdf`);
    expect(stoppedOne.seq).toBe(counter.last + 1);
  });
});

describe('invoice numbers on two instances sharing the database', () => {
  // Redis shared where the run has it (as createTestApp gives it), not required: the numbers come from the database.
  const apps = twoInstances('invoices', process.env.TEST_REDIS_URL, {}, { listening: [] });
  let one: TestApp;
  let two: TestApp;

  beforeAll(() => {
    ({ one, two } = apps);
  });

  it('30 downloads at once, each order on both instances: one number per order, none skipped, none given twice', async () => {
    const [product] = await insertProducts(one, [{ name: 'Rice', offerPrice: 72.5, category: 'Grains' }]);
    const { agent } = await shopper(one, 'Ravi');
    const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    const orders: string[] = [];
    for (let i = 0; i < 15; i++)
      orders.push(
        (
          await agent
            .post('/api/placeorders')
            .set('Idempotency-Key', randomUUID())
            .send({ address, items: [{ product, quantity: 1 + i }] })
            .expect(201)
        ).body.order._id,
      );
    const sellers = [await seller(one), await seller(two)];
    const downloads = await Promise.all(
      [...orders, ...orders].map((id, i) =>
        sellers[i % 2]
          .get(`/api/seller/orders/${id}/invoice.pdf`)
          .buffer(true)
          .parse(binaryParser)
          .expect(200)
          .then((res) => ({ id, number: NUMBER.exec((res.body as Buffer).toString('latin1'))![1] })),
      ),
    );
    expect(downloads).toHaveLength(30);
    const byOrder = new Map<string, Set<string>>();
    for (const { id, number } of downloads) byOrder.set(id, (byOrder.get(id) ?? new Set()).add(number));
    expect([...byOrder.values()].map((numbers) => numbers.size)).toEqual(Array(15).fill(1));
    const seqs = [...byOrder.values()].map((numbers) => Number([...numbers][0].slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(await one.connection.collection('invoices').countDocuments({ number: { $exists: true } })).toBe(15);
  }, 120_000);
});
