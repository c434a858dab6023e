import { randomUUID } from 'node:crypto';
import { COMPOSITION_LEGEND, gstinCheckCharacter, priceCart, priceOrderTax } from '@greencart/domain';
import { Types } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { csvOf, dryRun, importEnded, postImport, row } from './support/catalogue-csv';
import { pdfText } from './support/pdf-text';
import { deliverToBothStates, KERALA_ADDRESS } from './support/tax-shop';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * Issue 54: the shop's tax mode. `flat` (every shop that never chose) is today's rule to the paisa; `gst`
 * charges the MRPs and shows the GST inside them per line and rate, split CGST + SGST within the state
 * and IGST to another; composition and unregistered shops charge no tax and issue bills of supply. An
 * order keeps the mode it was placed in. Two instances share the database and Redis: a change of mode
 * saved on one prices the next order on the other.
 */

const KARNATAKA_GSTIN = '29AAACG1234A1ZA';
const LEGAL = { legalName: 'Sai Kirana Stores', gstin: KARNATAKA_GSTIN, address: '12 MG Road\nBengaluru 560001', stateCode: '29' };
const RATES = [0, 0.25, 3, 5, 18, 40];

function binaryParser(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface PlacedOrder {
  _id: string;
  amountPaise: number;
  subtotalPaise: number;
  discountPaise: number;
  taxPaise: number;
  deliveryFeePaise: number;
  taxMode?: string;
  taxInsidePaise?: number;
  items: { offerPricePaise: number; quantity: number; gstRate?: number }[];
}

describe('tax modes on two instances (issue 54)', () => {
  let rzp: FakeRazorpay;
  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
  });
  afterAll(() => rzp.stop());
  const apps = twoInstances('tax', process.env.REDIS_URL, () => ({ ...rzp.env(), SHOP_NAME: 'Sai Kirana', SHOP_GSTIN: '', COD_ORDERS_PER_HOUR: '50' }), {
    listening: ['catalogue', 'shop-details'],
  });

  let owner: Agent;
  let asha: Agent;
  let ashaOnTwo: Agent;
  let karnataka: string;
  let kerala: string;
  const ids: Record<'potatoes' | 'atta' | 'shampoo' | 'cola' | 'noRate', string> = {} as never;
  let png: Buffer;

  const one = () => apps.one;
  const two = () => apps.two;
  const addProduct = (data: Record<string, unknown>) => owner.post('/api/addproduct').field('productData', JSON.stringify(data)).attach('image', png, 'p.png');
  const saveShop = (body: Record<string, unknown>) => owner.put('/api/seller/shop').send({ ...LEGAL, ...body });
  const place = async (agent: Agent, address: string, items: { product: string; quantity: number }[], coupon?: string) =>
    (
      await agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items, ...(coupon ? { coupon } : {}) })
        .expect(201)
    ).body.order as PlacedOrder;
  const invoiceText = async (agent: Agent, orderId: string) =>
    // One space between words: the rupee sign's glyph comes out with a space of its own.
    pdfText((await agent.get(`/api/orders/${orderId}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200)).body as Buffer).replace(/ {2,}/g, ' ');
  const orders = () => one().connection.collection('orders').countDocuments();
  const CART = () => [
    { product: ids.potatoes, quantity: 3 },
    { product: ids.atta, quantity: 2 },
    { product: ids.shampoo, quantity: 1 },
    { product: ids.cola, quantity: 2 },
  ];
  // The same lines as the domain prices them: ₹35 × 3 at 0%, ₹61 × 2 at 5%, ₹199 at 18%, ₹40 × 2 at 40%.
  const PRICED = [
    { offerPrice: 35, quantity: 3, gstRate: 0 },
    { offerPrice: 61, quantity: 2, gstRate: 5 },
    { offerPrice: 199, quantity: 1, gstRate: 18 },
    { offerPrice: 40, quantity: 2, gstRate: 40 },
  ];

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    owner = await seller(one());
    const signedUp = await shopper(one(), 'Asha');
    asha = signedUp.agent;
    // The same shopper, signed in on instance 2.
    ashaOnTwo = request.agent(two().app.getHttpServer());
    const { SessionService } = await import('../src/sessions/session.service');
    const { SHOPPER_COOKIE } = await import('../src/sessions/session');
    ashaOnTwo.jar.setCookie(`${SHOPPER_COOKIE}=${await two().app.get(SessionService).signShopper(signedUp.id)}; Path=/`, '127.0.0.1', '/');
    karnataka = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    kerala = (await asha.post('/api/Address/add').send({ adress: KERALA_ADDRESS }).expect(201)).body.address._id;
    const add = async (name: string, category: string, offerPrice: number, extra: Record<string, unknown>) =>
      (await addProduct({ name, category, price: offerPrice + 5, offerPrice, ...extra }).expect(201)).body.product._id as string;
    ids.potatoes = await add('Fresh Potatoes', 'Vegetables', 35, { gstRate: 0, hsn: '0701' });
    ids.atta = await add('Whole Wheat Atta', 'Grains', 61, { gstRate: 5, hsn: '1101' });
    ids.shampoo = await add('Herbal Shampoo', 'Instant', 199, { gstRate: 18, hsn: '3305' });
    ids.cola = await add('Classic Cola', 'Drinks', 40, { gstRate: 40, hsn: '2202' });
    ids.noRate = await add('Loose Jaggery', 'Grains', 50, {});
    await owner.post('/api/seller/coupons').send({ code: 'TAX10', kind: 'percent', value: 10, perShopperLimit: 5 }).expect(201);
    await deliverToBothStates(owner);
  });

  it('a shop that never chose is flat: the spec’s contract, subtotal × 1.02, no tax-mode fields', async () => {
    expect((await one().http().get('/api/shop').expect(200)).body).toEqual({ success: true, shop: { taxMode: 'flat', deliveryGstRate: 18, gstRates: RATES } });
    const order = await place(asha, karnataka, [{ product: ids.atta, quantity: 2 }]);
    const expected = priceCart([{ offerPrice: 61, quantity: 2 }], { feePaise: 3000, freeAbovePaise: null });
    expect(order).toMatchObject({ subtotalPaise: 12200, taxPaise: 244, amountPaise: expected.totalPaise });
    expect(order.amountPaise).toBe(Math.floor(12200 * 1.02) + 3000);
    expect(order).not.toHaveProperty('taxMode');
    expect(order).not.toHaveProperty('taxInsidePaise');
    expect(order.items[0]).not.toHaveProperty('gstRate');
    // The product JSON carries its rate.
    expect((await one().http().get(`/api/products/${ids.atta}`).expect(200)).body.product).toMatchObject({ gstRate: 5, hsn: '1101' });
    expect((await one().http().get(`/api/products/${ids.noRate}`).expect(200)).body.product).not.toHaveProperty('gstRate');
  });

  it('refuses bad tax settings and rates with a clear 400, changing nothing', async () => {
    const refused = async (res: request.Test, message: string | RegExp) => {
      const body = (await res.expect(400)).body;
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
    };
    await refused(saveShop({ taxMode: 'gst', gstin: undefined }), 'A shop in gst mode needs its GSTIN');
    await refused(saveShop({ taxMode: 'vat' }), 'taxMode must be one of flat, gst, composition, unregistered');
    await refused(saveShop({ gstRates: [] }), 'GST rates must be a list of at least one percent');
    await refused(saveShop({ gstRates: [5, 5] }), 'GST rate 5% is listed twice');
    await refused(saveShop({ gstRates: [5, 'x'] }), /GST rate x must be a percent/);
    await refused(saveShop({ deliveryGstRate: 101 }), /deliveryGstRate must be a percent/);
    await refused(
      addProduct({ name: 'Soap', category: 'Instant', price: 30, offerPrice: 30, gstRate: 12 }),
      /gstRate 12% is not one of the shop's GST rates: 0%, 0.25%, 3%, 5%, 18%, 40%/,
    );
    await refused(addProduct({ name: 'Soap', category: 'Instant', price: 30, offerPrice: 30, gstRate: '5' }), /gstRate must be a percent/);
    await refused(owner.patch(`/api/products/${ids.atta}`).field('productData', JSON.stringify({ gstRate: 3.333 })), /gstRate must be a percent/);
    expect((await owner.get('/api/seller/shop').expect(200)).body.shop).toMatchObject({ saved: false, taxMode: 'flat', gstRates: RATES });
    expect((await one().http().get(`/api/products/${ids.atta}`).expect(200)).body.product.gstRate).toBe(5);
    await asha
      .put('/api/seller/shop')
      .send({ ...LEGAL, taxMode: 'gst' })
      .expect(403);
  });

  it('gst, saved on instance 1, prices the next order on instance 2: MRPs charged, the GST inside per line and rate', async () => {
    const saved = await saveShop({ taxMode: 'gst' }).expect(200);
    expect(saved.body.shop).toMatchObject({ taxMode: 'gst', gstRates: RATES, deliveryGstRate: 18, gstin: KARNATAKA_GSTIN });
    await eventually(async () => (await two().http().get('/api/shop').expect(200)).body.shop.taxMode === 'gst', 'instance 2 reads gst mode');

    const placedOnTwo = await place(ashaOnTwo, karnataka, CART(), 'TAX10');
    // 105 + 122 + 199 + 80 = ₹506; 10% off = ₹50.60; + ₹30 delivery = ₹485.40, nothing added.
    expect(placedOnTwo).toMatchObject({ subtotalPaise: 50600, discountPaise: 5060, taxPaise: 0, deliveryFeePaise: 3000, amountPaise: 48540, taxMode: 'gst' });
    const invoice = priceOrderTax({
      mode: 'gst',
      lines: PRICED,
      discountPaise: 5060,
      deliveryFeePaise: 3000,
      deliveryGstRate: 18,
      shopStateCode: '29',
      placeOfSupplyStateCode: '29',
    });
    expect(invoice.totalPaise).toBe(48540);
    expect(placedOnTwo.taxInsidePaise).toBe(invoice.totals.taxPaise);
    expect(placedOnTwo.items.map((item) => item.gstRate)).toEqual([0, 5, 18, 40]);

    const text = await invoiceText(asha, placedOnTwo._id);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Prices include GST.');
    for (const [i, line] of invoice.lines.entries())
      expect(text).toContain(`GST ${PRICED[i].gstRate}% included: ${rupees(line.taxPaise)} (taxable value ${rupees(line.taxablePaise)})`);
    for (const rate of invoice.rates)
      expect(text).toContain(`${rate.ratePercent}% on ${rupees(rate.taxablePaise)} CGST ${rupees(rate.cgstPaise)} + SGST ${rupees(rate.sgstPaise)}`);
    expect(text).toContain(`Delivery fee (incl. GST 18%) ${rupees(3000)}`);
    expect(text).toContain(`Total GST included ${rupees(invoice.totals.taxPaise)}`);
    expect(text).toContain(`Total ${rupees(48540)}`);
    expect(text).not.toMatch(/Tax \(2%|IGST/);
    // Lines, taxes per rate and the total add up to what was charged, to the paisa.
    expect(invoice.rates.reduce((sum, r) => sum + r.taxablePaise + r.taxPaise, 0)).toBe(48540);
  });

  it('to another state the GST inside is IGST; an online payment asks Razorpay for the MRP total', async () => {
    const order = await place(asha, kerala, [{ product: ids.shampoo, quantity: 1 }]);
    expect(order).toMatchObject({ amountPaise: 19900 + 3000, taxPaise: 0, taxMode: 'gst' });
    const invoice = priceOrderTax({ mode: 'gst', lines: [PRICED[2]], deliveryFeePaise: 3000, shopStateCode: '29', placeOfSupplyStateCode: '32' });
    const text = await invoiceText(asha, order._id);
    expect(text).toContain(`18% on ${rupees(invoice.rates[0].taxablePaise)} IGST ${rupees(invoice.rates[0].igstPaise)}`);
    expect(text).not.toMatch(/CGST|SGST/);

    const online = (
      await asha
        .post('/api/paymentonline')
        .send({ items: [{ product: ids.atta, quantity: 2 }] })
        .expect(201)
    ).body.order as { amount: number };
    expect(online.amount).toBe(12200 + 3000);
  });

  it('a business buyer’s GSTIN: checked like the shop’s, named on the invoice, kept through an online checkout', async () => {
    const buyer = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
    const bad = await asha
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: karnataka, items: [{ product: ids.atta, quantity: 1 }], buyerGstin: '27AAPFU0939F1ZX'.replace(/.$/, buyer.endsWith('X') ? 'Y' : 'X') })
      .expect(400);
    expect(bad.body).toMatchObject({ success: false, message: expect.stringMatching(/^buyerGstin: GSTIN’s check character/) });
    const before = await orders();
    await asha
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: karnataka, items: [{ product: ids.atta, quantity: 1 }], buyerGstin: 12 })
      .expect(400);
    expect(await orders()).toBe(before);

    const res = await asha
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address: karnataka, items: [{ product: ids.atta, quantity: 1 }], buyerGstin: ` ${buyer.toLowerCase()} ` })
      .expect(201);
    expect(res.body.order).toMatchObject({ buyerGstin: buyer, taxMode: 'gst' });
    expect(await invoiceText(asha, res.body.order._id)).toContain(`Buyer's GSTIN: ${buyer}`);

    const online = (
      await asha
        .post('/api/paymentonline')
        .send({ items: [{ product: ids.cola, quantity: 1 }], buyerGstin: buyer })
        .expect(201)
    ).body.order as { amount: number };
    expect(online.amount).toBe(4000 + 3000);
    const kept = await one()
      .connection.collection('checkouts')
      .findOne({}, { sort: { _id: -1 } });
    expect(kept!.quote).toMatchObject({ buyerGstin: buyer, price: { mode: 'gst', totalPaise: 7000 } });
  });

  it('a product without a rate cannot be sold in gst mode: 409 naming it, nothing stored', async () => {
    const before = await orders();
    const res = await asha
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({
        address: karnataka,
        items: [
          { product: ids.atta, quantity: 1 },
          { product: ids.noRate, quantity: 1 },
        ],
      })
      .expect(409);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/^Loose Jaggery cannot be sold yet: the shop has not set its GST rate/) });
    expect(await orders()).toBe(before);
    // Once it has one, it sells.
    await owner
      .patch(`/api/products/${ids.noRate}`)
      .field('productData', JSON.stringify({ gstRate: 5 }))
      .expect(200);
    const order = await place(asha, karnataka, [{ product: ids.noRate, quantity: 1 }]);
    expect(order).toMatchObject({ amountPaise: 5000 + 3000, taxMode: 'gst' });
    // null takes it away again.
    await owner
      .patch(`/api/products/${ids.noRate}`)
      .field('productData', JSON.stringify({ gstRate: null }))
      .expect(200);
    expect((await one().http().get(`/api/products/${ids.noRate}`).expect(200)).body.product).not.toHaveProperty('gstRate');
  });

  it('a packing change on a gst order gives back the MRP of what was not packed, and the GST inside follows', async () => {
    const order = await place(asha, karnataka, [
      { product: ids.atta, quantity: 2 },
      { product: ids.cola, quantity: 2 },
    ]);
    expect(order.amountPaise).toBe(12200 + 8000 + 3000);
    const res = await owner
      .post(`/api/seller/orders/${order._id}/adjust`)
      .set('Idempotency-Key', randomUUID())
      .send({ lines: [{ line: 1, packed: 1 }] })
      .expect(200);
    const after = res.body.order as PlacedOrder;
    expect(after).toMatchObject({ amountPaise: 12200 + 4000 + 3000, taxPaise: 0, taxMode: 'gst' });
    expect(after.taxInsidePaise).toBe(
      priceOrderTax({ mode: 'gst', lines: [PRICED[1], { ...PRICED[3], quantity: 1 }], deliveryFeePaise: 3000 }).totals.taxPaise,
    );
    expect(res.body.adjustment).toMatchObject({ differencePaise: 4000 });
  });

  it('refunds after the invoice are credit notes in their own series; the invoice never changes', async () => {
    const order = await place(asha, karnataka, [
      { product: ids.atta, quantity: 2 },
      { product: ids.cola, quantity: 2 },
    ]);
    const invoiceBefore = await invoiceText(asha, order._id);
    const invoiceNumber = /Invoice no\. (GC\/\d\d-\d\d\/\d{6})/.exec(invoiceBefore)![1];
    // Nothing given back yet: no credit notes.
    expect((await owner.get(`/api/seller/orders/${order._id}/credit-notes`).expect(200)).body).toEqual({ success: true, creditNotes: [] });

    await owner
      .post(`/api/seller/orders/${order._id}/adjust`)
      .set('Idempotency-Key', randomUUID())
      .send({ lines: [{ line: 1, packed: 1 }] })
      .expect(200);
    const invoiced = priceOrderTax({ mode: 'gst', lines: [PRICED[1], PRICED[3]], deliveryFeePaise: 3000 });
    const one40 = invoiced.lines[1];
    const listed = (await owner.get(`/api/seller/orders/${order._id}/credit-notes`).expect(200)).body.creditNotes;
    expect(listed).toEqual([
      {
        n: 1,
        number: expect.stringMatching(/^CN\/\d\d-\d\d\/\d{6}$/),
        at: expect.any(String),
        reason: 'Packed with changes',
        invoice: invoiceNumber,
        amountPaise: 4000,
        // The last of the line's two units takes what is left of its tax: the first takes half, rounded down.
        taxPaise: Math.floor(one40.taxPaise / 2),
      },
    ]);
    // The same number every time it is read, for the shopper too.
    expect((await asha.get(`/api/orders/${order._id}/credit-notes`).expect(200)).body.creditNotes).toEqual(listed);
    const pdf = async (agent: Agent, path: string) =>
      pdfText((await agent.get(path).buffer(true).parse(binaryParser).expect(200)).body as Buffer).replace(/ {2,}/g, ' ');
    const note = await pdf(owner, `/api/seller/orders/${order._id}/credit-notes/1.pdf`);
    expect(note).toContain('CREDIT NOTE');
    expect(note).toContain(`Credit note no. ${listed[0].number}`);
    expect(note).toContain(`Against invoice ${invoiceNumber}`);
    expect(note).toContain('Classic Cola');
    expect(note).not.toContain('Whole Wheat Atta');
    expect(note).toContain(`Total ${rupees(4000)}`);
    expect(note).toContain(`Total GST included ${rupees(listed[0].taxPaise)}`);
    // The invoice is as it was issued; its note points to the credit notes.
    const invoiceAfter = await invoiceText(asha, order._id);
    expect(invoiceAfter).toContain(`Total ${rupees(12200 + 8000 + 3000)}`);
    expect(invoiceAfter).toContain('Amounts given back after this invoice are on its credit notes.');

    // A cancel gives back everything left, fee included: the notes add up to the invoice.
    await owner.patch(`/api/orders/${order._id}/status`).send({ status: 'Cancelled' }).expect(200);
    const both = (await owner.get(`/api/seller/orders/${order._id}/credit-notes`).expect(200)).body.creditNotes as {
      number: string;
      amountPaise: number;
      taxPaise: number;
    }[];
    expect(both).toHaveLength(2);
    expect(both[0]).toEqual(listed[0]);
    expect(both[1]).toMatchObject({ n: 2, reason: 'Order cancelled', amountPaise: 12200 + 4000 + 3000 });
    expect(both[0].amountPaise + both[1].amountPaise).toBe(invoiced.totalPaise);
    expect(both[0].taxPaise + both[1].taxPaise).toBe(invoiced.totals.taxPaise);
    expect(Number(both[1].number.slice(-6))).toBe(Number(both[0].number.slice(-6)) + 1);
    await asha.get(`/api/orders/${order._id}/credit-notes/3.pdf`).expect(404);
    await asha.get(`/api/orders/${order._id}/credit-notes/x.pdf`).expect(404);
    const other = (await shopper(one(), 'Ravi')).agent;
    await other.get(`/api/orders/${order._id}/credit-notes`).expect(404);
    await other.get(`/api/orders/${order._id}/credit-notes/1.pdf`).expect(404);
  });

  it('the catalogue CSV carries gst_rate: exported, imported onto new and existing products, checked against the shop’s rates', async () => {
    const csv = async () => (await owner.get('/api/seller/products.csv').buffer(true).parse(binaryParser).expect(200)).body.toString('utf8') as string;
    const exported = await csv();
    expect(exported.split('\r\n')[0]).toMatch(/,"gst_rate"$/);
    expect(exported.split('\r\n').find((l) => l.includes('Classic Cola'))).toMatch(/,40$/);

    const refused = await dryRun(
      owner,
      csvOf([row({ product_id: ids.atta, variant_id: ids.atta, gst_rate: '12' }), row({ product_id: ids.cola, variant_id: ids.cola, gst_rate: 'five' })]),
    );
    expect(refused.errors).toEqual([
      { row: 2, column: 'gst_rate', message: "gst_rate 12% is not one of the shop's GST rates: 0%, 0.25%, 3%, 5%, 18%, 40%" },
      { row: 3, column: 'gst_rate', message: 'gst_rate must be a percent from 0 to 100 with at most two decimals, e.g. 5 or 18' },
    ]);
    const started = await postImport(
      owner,
      csvOf([
        row({ product_id: ids.atta, variant_id: ids.atta, gst_rate: '18%' }),
        row({ name: 'Besan', category: 'Grains', pack_size: '500 g', price: 60, offer_price: 55, gst_rate: 5 }),
        // An empty cell keeps the rate the product has.
        row({ product_id: ids.cola, variant_id: ids.cola }),
      ]),
    ).expect(202);
    expect((await importEnded(owner, started.body.importId as string)).state).toBe('done');
    expect((await one().http().get(`/api/products/${ids.atta}`).expect(200)).body.product.gstRate).toBe(18);
    expect((await one().http().get(`/api/products/${ids.cola}`).expect(200)).body.product.gstRate).toBe(40);
    const besan = (await one().connection.collection('products').findOne({ name: 'Besan' }))!;
    expect(besan.gstRate).toBe(5);
    await owner
      .patch(`/api/products/${ids.atta}`)
      .field('productData', JSON.stringify({ gstRate: 5 }))
      .expect(200);
  });

  it('composition and unregistered shops charge no tax and issue bills of supply; past orders keep their mode', async () => {
    const flatOrder = (await one()
      .connection.collection('orders')
      .findOne({ taxMode: { $exists: false } }))!;
    const gstOrder = (await one().connection.collection('orders').findOne({ taxMode: 'gst' }))!;

    await saveShop({ taxMode: 'composition', gstRates: [0, 5, 18, 40, 12] }).expect(200);
    await eventually(async () => (await two().http().get('/api/shop').expect(200)).body.shop.taxMode === 'composition', 'instance 2 reads composition');
    const composition = await place(asha, karnataka, CART(), 'TAX10');
    expect(composition).toMatchObject({ amountPaise: 48540, taxPaise: 0, taxMode: 'composition' });
    expect(composition).not.toHaveProperty('taxInsidePaise');
    let text = await invoiceText(asha, composition._id);
    expect(text).toContain('BILL OF SUPPLY');
    expect(text).toContain(COMPOSITION_LEGEND);
    expect(text).not.toMatch(/CGST|SGST|IGST|GST \d+% included|Tax \(2%/);

    await saveShop({ taxMode: 'unregistered', gstin: undefined }).expect(200);
    await eventually(async () => (await two().http().get('/api/shop').expect(200)).body.shop.taxMode === 'unregistered', 'instance 2 reads unregistered');
    const unregistered = await place(asha, karnataka, [{ product: ids.atta, quantity: 2 }]);
    expect(unregistered).toMatchObject({ amountPaise: 12200 + 3000, taxPaise: 0, taxMode: 'unregistered' });
    text = await invoiceText(asha, unregistered._id);
    expect(text).toContain('BILL OF SUPPLY');
    expect(text).toContain('the supplier is not registered under GST');

    // Orders placed before keep the mode, rates and amounts they were placed with.
    const stored = async (id: unknown) =>
      (await one()
        .connection.collection('orders')
        .findOne({ _id: new Types.ObjectId(String(id)) }))!;
    expect(await stored(flatOrder._id)).toMatchObject({ amountPaise: flatOrder.amountPaise, taxPaise: flatOrder.taxPaise });
    expect((await stored(flatOrder._id)).taxMode).toBeUndefined();
    expect(await stored(gstOrder._id)).toMatchObject({ taxMode: 'gst', amountPaise: gstOrder.amountPaise, taxInsidePaise: gstOrder.taxInsidePaise });
    expect(await invoiceText(asha, String(gstOrder._id))).toContain('Total GST included');
  });
});
