import { randomUUID } from 'node:crypto';
import { gstinCheckCharacter, priceOrderTax, type OrderTax } from '@greencart/domain';
import { unzipSync, strFromU8 } from 'fflate';
import { Types } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import type { ItemDetail } from '../src/stats/invoices/gstr1';
import { seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { deliverToBothStates, KERALA_ADDRESS } from './support/tax-shop';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * Issue 54: the month's GSTR-1. Invoices are issued as orders are paid (cash on delivery: when
 * delivered), credit notes as refunds happen, on whichever of two instances moved the order; the file
 * is the month's documents: B2B invoices one by one, B2C ones summed by place and rate net of their
 * credit notes, the HSN summary and the document series, as JSON or the offline tool's CSVs in a zip.
 */

const SHOP_GSTIN = '29AAACG1234A1ZA';
const BUYER_GSTIN = `29AABCT1332L1Z${gstinCheckCharacter('29AABCT1332L1Z')}`;
const LEGAL = { legalName: 'Sai Kirana Stores', gstin: SHOP_GSTIN, address: '12 MG Road\nBengaluru 560001', stateCode: '29' };

function binaryParser(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

interface Placed {
  _id: string;
  amountPaise: number;
  discountPaise: number;
  deliveryFeePaise: number;
  items: { offerPricePaise: number; quantity: number; gstRate?: number; hsn?: string }[];
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('GSTR-1 from the month’s invoices and credit notes, on two instances (issue 54)', () => {
  const apps = twoInstances('gstr1', process.env.REDIS_URL, () => ({ SHOP_NAME: 'Sai Kirana', SHOP_GSTIN: '', COD_ORDERS_PER_HOUR: '50' }), {
    listening: ['catalogue', 'shop-details'],
  });
  const one = () => apps.one;
  const two = () => apps.two;
  let owner: Agent;
  let ownerOnTwo: Agent;
  let asha: Agent;
  let karnataka: string;
  let kerala: string;
  const ids: Record<'potatoes' | 'atta' | 'shampoo', string> = {} as never;
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());

  const place = async (address: string, items: { product: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
    (
      await asha
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items, ...extra })
        .expect(201)
    ).body.order as Placed;
  const deliver = async (agent: Agent, id: string) => {
    for (const status of ['Packing', 'Out for delivery', 'Delivered']) await agent.patch(`/api/orders/${id}/status`).send({ status }).expect(200);
  };
  const records = (prefix: string) =>
    one()
      .connection.collection<{ _id: string; number?: string }>('invoices')
      .countDocuments({ _id: { $gte: prefix, $lt: `${prefix.slice(0, -1)};` }, number: { $exists: true } });
  const taxOf = (order: Placed, placeOfSupply: string): OrderTax =>
    priceOrderTax({
      mode: 'gst',
      lines: order.items.map((item) => ({ unitPaise: item.offerPricePaise, quantity: item.quantity, gstRate: item.gstRate })),
      discountPaise: order.discountPaise,
      deliveryFeePaise: order.deliveryFeePaise,
      shopStateCode: '29',
      placeOfSupplyStateCode: placeOfSupply,
    });

  beforeAll(async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    owner = await seller(one());
    ownerOnTwo = await seller(two());
    asha = (await shopper(one(), 'Asha')).agent;
    karnataka = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    kerala = (await asha.post('/api/Address/add').send({ adress: KERALA_ADDRESS }).expect(201)).body.address._id;
    await owner
      .put('/api/seller/shop')
      .send({ ...LEGAL, taxMode: 'gst' })
      .expect(200);
    const add = async (name: string, category: string, offerPrice: number, extra: Record<string, unknown>) =>
      (
        await owner
          .post('/api/addproduct')
          .field('productData', JSON.stringify({ name, category, price: offerPrice + 5, offerPrice, ...extra }))
          .attach('image', png, 'p.png')
          .expect(201)
      ).body.product._id as string;
    ids.potatoes = await add('Fresh Potatoes', 'Vegetables', 35, { gstRate: 0, hsn: '0701' });
    ids.atta = await add('Whole Wheat Atta', 'Grains', 61, { gstRate: 5, hsn: '1101' });
    ids.shampoo = await add('Herbal Shampoo', 'Instant', 199, { gstRate: 18, hsn: '3305' });
    await owner.post('/api/seller/coupons').send({ code: 'GST10', kind: 'percent', value: 10, perShopperLimit: 5 }).expect(201);
    await deliverToBothStates(owner);
  });

  it('issues invoices when orders are delivered and credit notes as refunds happen; the month’s file is made of them', async () => {
    const cart = [
      { product: ids.potatoes, quantity: 3 },
      { product: ids.atta, quantity: 2 },
      { product: ids.shampoo, quantity: 1 },
    ];
    // B2C within the state, with a coupon, delivered on instance 2; B2C to Kerala, delivered on instance 1.
    const local = await place(karnataka, cart, { coupon: 'GST10' });
    const interState = await place(kerala, cart);
    // A business buyer, delivered; another, packed with changes after its invoice was downloaded (a cdnr note).
    const b2b = await place(karnataka, cart, { buyerGstin: BUYER_GSTIN });
    const b2bChanged = await place(karnataka, cart, { buyerGstin: BUYER_GSTIN });
    // B2C, invoiced on download, then packed with changes: its credit note nets off b2cs.
    const changed = await place(karnataka, cart);
    // Placed and never delivered: no invoice, not in the file.
    const pending = await place(karnataka, cart);
    expect(await records('order:')).toBe(0);

    await deliver(ownerOnTwo, local._id);
    await deliver(owner, interState._id);
    await deliver(owner, b2b._id);
    for (const order of [b2bChanged, changed]) {
      await ownerOnTwo.get(`/api/seller/orders/${order._id}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200);
      await owner
        .post(`/api/seller/orders/${order._id}/adjust`)
        .set('Idempotency-Key', randomUUID())
        .send({ lines: [{ line: 2, packed: 0 }] })
        .expect(200);
    }
    // The dashboard's tax for today: every order placed (the undelivered one too), as packed, per rate.
    const packedShort = (order: Placed) => ({ ...order, items: order.items.map((item, i) => (i === 2 ? { ...item, quantity: 0 } : item)) });
    const perRate = new Map<number, { taxable: number; tax: number }>();
    for (const order of [local, interState, b2b, packedShort(b2bChanged), packedShort(changed), pending])
      for (const rate of taxOf(order, '29').rates) {
        const sum = perRate.get(rate.ratePercent) ?? { taxable: 0, tax: 0 };
        perRate.set(rate.ratePercent, { taxable: sum.taxable + rate.taxablePaise, tax: sum.tax + rate.taxPaise });
      }
    const stats = (await owner.get('/api/seller/stats?days=1').expect(200)).body;
    expect(stats.tax.byRate).toEqual(
      [...perRate].sort(([a], [b]) => a - b).map(([ratePercent, sum]) => ({ ratePercent, taxable: sum.taxable / 100, tax: sum.tax / 100 })),
    );
    const taxPaise = [...perRate.values()].reduce((n, sum) => n + sum.tax, 0);
    expect(stats.tax).toMatchObject({ withTax: stats.revenue, tax: taxPaise / 100 });
    expect(paise(stats.tax.withoutTax)).toBe(paise(stats.revenue) - taxPaise);

    // Issued by the order events, in the background of whichever instance moved the order.
    await eventually(async () => (await records('order:')) === 5 && (await records('cn:')) === 2, 'five invoices and two credit notes are numbered');

    const res = await ownerOnTwo.get(`/api/seller/gst/gstr1?month=${month}`).expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${SHOP_GSTIN}_${month.slice(5)}${month.slice(0, 4)}.json"`);
    const file = JSON.parse(res.text as string);
    expect(file).toMatchObject({ gstin: SHOP_GSTIN, fp: `${month.slice(5)}${month.slice(0, 4)}`, b2cl: [], cdnur: [] });

    // B2B: the buyer's two invoices, each per rate, at their full value (the change is a credit note).
    const full = taxOf(b2b, '29');
    expect(file.b2b).toHaveLength(1);
    expect(file.b2b[0].ctin).toBe(BUYER_GSTIN);
    expect(file.b2b[0].inv).toHaveLength(2);
    for (const inv of file.b2b[0].inv) {
      expect(inv).toMatchObject({ val: full.totalPaise / 100, pos: '29', rchrg: 'N', inv_typ: 'R', idt: expect.stringMatching(/^\d\d-\d\d-\d{4}$/) });
      expect(inv.itms.map((i: { itm_det: ItemDetail }) => [i.itm_det.rt, paise(i.itm_det.txval), paise(i.itm_det.camt + i.itm_det.samt)])).toEqual(
        full.rates.map((r) => [r.ratePercent, r.taxablePaise, r.taxPaise]),
      );
    }
    // cdnr: the shampoo that was not packed, against the buyer's invoice.
    const shampoo = full.lines[2];
    expect(file.cdnr).toEqual([
      {
        ctin: BUYER_GSTIN,
        nt: [
          expect.objectContaining({
            ntty: 'C',
            nt_num: expect.stringMatching(/^CN\/\d\d-\d\d\/\d{6}$/),
            val: 199,
            pos: '29',
            itms: [expect.objectContaining({ num: 1801 })],
          }),
        ],
      },
    ]);
    expect(paise(file.cdnr[0].nt[0].itms[0].itm_det.txval)).toBe(shampoo.taxablePaise);

    // b2cs: per supply type, place and rate, the B2C invoices' lines and fees, less the B2C credit note.
    const b2c = [
      { tax: taxOf(local, '29'), type: 'INTRA', pos: '29' },
      { tax: taxOf(interState, '32'), type: 'INTER', pos: '32' },
      { tax: taxOf(changed, '29'), type: 'INTRA', pos: '29' },
    ];
    const expected = new Map<string, { txval: number; tax: number }>();
    for (const { tax, type, pos } of b2c) {
      for (const rate of tax.rates) {
        const key = `${type}|${pos}|${rate.ratePercent}`;
        const sum = expected.get(key) ?? { txval: 0, tax: 0 };
        expected.set(key, { txval: sum.txval + rate.taxablePaise, tax: sum.tax + rate.taxPaise });
      }
    }
    const back = expected.get('INTRA|29|18')!;
    expected.set('INTRA|29|18', { txval: back.txval - shampoo.taxablePaise, tax: back.tax - shampoo.taxPaise });
    const b2cs = new Map<string, { txval: number; tax: number }>(
      file.b2cs.map((row: ItemDetail & { sply_ty: string; pos: string; typ: string }) => {
        expect(row.typ).toBe('OE');
        // Within the state CGST + SGST, to Kerala IGST.
        if (row.sply_ty === 'INTER') expect(row.camt + row.samt).toBe(0);
        else expect(row.iamt).toBe(0);
        return [`${row.sply_ty}|${row.pos}|${row.rt}`, { txval: paise(row.txval), tax: paise(row.iamt + row.camt + row.samt) }];
      }),
    );
    expect(b2cs).toEqual(expected);

    // HSN: every line of every invoice (the fee as the delivery service), net of the credit notes.
    const lines = [full, taxOf(b2bChanged, '29'), ...b2c.map((b) => b.tax)];
    const sumOf = (rows: (ItemDetail & { hsn_sc: string; qty: number })[], hsn: string) =>
      rows.filter((r) => r.hsn_sc === hsn).reduce((s, r) => ({ txval: s.txval + paise(r.txval), qty: s.qty + r.qty }), { txval: 0, qty: 0 });
    const allHsn = [...file.hsn.hsn_b2b, ...file.hsn.hsn_b2c];
    expect(sumOf(allHsn, '0701')).toEqual({ txval: lines.reduce((s, t) => s + t.lines[0].taxablePaise, 0), qty: 3 * 5 });
    expect(sumOf(allHsn, '1101')).toEqual({ txval: lines.reduce((s, t) => s + t.lines[1].taxablePaise, 0), qty: 2 * 5 });
    expect(sumOf(allHsn, '3305')).toEqual({ txval: lines.reduce((s, t) => s + t.lines[2].taxablePaise, 0) - 2 * shampoo.taxablePaise, qty: 5 - 2 });
    expect(sumOf(allHsn, '996813').txval).toBe(lines.reduce((s, t) => s + t.fee.taxablePaise, 0));
    expect(file.hsn.hsn_b2b.every((r: { uqc: string; hsn_sc: string }) => r.uqc === (r.hsn_sc === '996813' ? 'NA' : 'NOS'))).toBe(true);

    // The series: five invoices and two credit notes, none cancelled.
    expect(file.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [expect.objectContaining({ num: 1, totnum: 5, cancel: 0, net_issue: 5 })] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [expect.objectContaining({ num: 1, totnum: 2, cancel: 0, net_issue: 2 })] },
    ]);

    // The same as the offline tool's CSVs in a zip, from instance 1.
    const zip = await owner.get(`/api/seller/gst/gstr1?month=${month}&format=csv`).buffer(true).parse(binaryParser).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(Object.keys(files).sort()).toEqual(['b2b.csv', 'b2cl.csv', 'b2cs.csv', 'cdnr.csv', 'cdnur.csv', 'docs.csv', 'hsn(b2b).csv', 'hsn(b2c).csv']);
    const b2csCsv = strFromU8(files['b2cs.csv']).trim().split('\r\n');
    expect(b2csCsv[0]).toBe('"Type","Place Of Supply","Applicable % of Tax Rate","Rate","Taxable Value","Cess Amount","E-Commerce GSTIN"');
    expect(b2csCsv).toHaveLength(file.b2cs.length + 1);
    // Text quoted, numbers as numbers with two decimals.
    expect(b2csCsv).toContain(`"OE","32-Kerala","",5.00,${(expected.get('INTER|32|5')!.txval / 100).toFixed(2)},0.00,""`);
    expect(strFromU8(files['b2b.csv'])).toContain(`"${BUYER_GSTIN}"`);

    // An invoice written around the shop (a restore of records, a stop between a number and its count): the
    // year's roll-ups hold fewer documents than its series has numbers, so it is rebuilt from the records.
    const invoices = one().connection.collection<{ _id: string; number?: string; seq?: number; fy?: string; issuedAt?: Date }>('invoices');
    const counters = one().connection.collection<{ _id: string; last: number }>('invoice_counters');
    const copied = (await invoices.findOne({ _id: `order:${b2b._id}` }))!;
    const counter = (await counters.findOne({ _id: `counter:${copied.fy}` }))!;
    const seq = counter.last + 1;
    const number = `${copied.number!.slice(0, -6)}${String(seq).padStart(6, '0')}`;
    await invoices.insertOne({ ...copied, _id: `order:${new Types.ObjectId().toHexString()}`, number, seq, issuedAt: new Date() });
    await counters.updateOne({ _id: counter._id }, { $set: { last: seq } });
    const rebuilt = JSON.parse((await ownerOnTwo.get(`/api/seller/gst/gstr1?month=${month}`).expect(200)).text as string);
    expect(rebuilt.b2b[0].inv.map((inv: { inum: string }) => inv.inum)).toContain(number);
    expect(rebuilt.b2b[0].inv).toHaveLength(3);
    expect(rebuilt.doc_issue.doc_det[0].docs[0]).toMatchObject({ totnum: 6, cancel: 0, net_issue: 6 });
    expect(rebuilt.b2cs).toEqual(file.b2cs);
    expect(rebuilt.cdnr).toEqual(file.cdnr);
    // Instance 1 reads the rebuilt roll-ups too, and nothing counts twice.
    expect(JSON.parse((await owner.get(`/api/seller/gst/gstr1?month=${month}`).expect(200)).text as string)).toEqual(rebuilt);
  });

  it('20 orders delivered at once on both instances, their invoices downloaded meanwhile: one number each, none skipped, each counted once', async () => {
    const read = async (agent: Agent) => JSON.parse((await agent.get(`/api/seller/gst/gstr1?month=${month}`).expect(200)).text as string);
    const before = await read(owner);
    const issuedBefore = before.doc_issue.doc_det[0].docs[0].net_issue as number;
    const zeroRated = (file: { b2cs: (ItemDetail & { sply_ty: string; pos: string })[] }) =>
      paise(file.b2cs.find((row) => row.sply_ty === 'INTRA' && row.pos === '29' && row.rt === 0)?.txval ?? 0);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await place(karnataka, [{ product: ids.potatoes, quantity: 1 }]));
    await Promise.all(
      orders.map(async (order, i) => {
        const [mover, reader] = i % 2 ? [owner, ownerOnTwo] : [ownerOnTwo, owner];
        // The other instance asks for the invoice while this one delivers: whichever issues it, it is one invoice.
        await Promise.all([deliver(mover, order._id), reader.get(`/api/seller/orders/${order._id}/invoice.pdf`).buffer(true).parse(binaryParser).expect(200)]);
      }),
    );
    await eventually(async () => (await records('order:')) === issuedBefore + 20, 'twenty more invoices are numbered');
    // Counted as they were issued, by whichever instance issued each: the month's roll-up, not a rebuild.
    const prefix = (before.doc_issue.doc_det[0].docs[0].from as string).slice(0, -6);
    const rollups = one().connection.collection<{ _id: string; at?: Date; docs?: Record<string, { n: number }> }>('stats_rollups');
    const built = async () => (await rollups.findOne({ _id: `gst:built:20${prefix.slice(3, 8)}` }))?.at?.getTime();
    const builtBefore = await built();
    await eventually(
      async () => (await rollups.findOne({ _id: `gst:${month}` }))?.docs?.[prefix.replace(/[^A-Za-z0-9-]/g, '_')]?.n === issuedBefore + 20,
      'each invoice is counted once in the month’s roll-up',
    );
    for (const agent of [owner, ownerOnTwo]) {
      const after = await read(agent);
      expect(after.doc_issue.doc_det[0].docs[0]).toMatchObject({ totnum: issuedBefore + 20, cancel: 0, net_issue: issuedBefore + 20 });
      expect(zeroRated(after)).toBe(zeroRated(before) + 20 * 3500);
      expect(after.hsn.hsn_b2c.find((row: { hsn_sc: string }) => row.hsn_sc === '0701').qty).toBe(
        before.hsn.hsn_b2c.find((row: { hsn_sc: string }) => row.hsn_sc === '0701').qty + 20,
      );
    }
    expect(await built()).toBe(builtBefore);
  });

  it('refuses a bad month or format with 400, and a month the shop was not in gst mode with 409', async () => {
    for (const query of ['', '?month=2026-13', '?month=26-11', '?month=2026-11-01', `?month=${month}&format=xml`]) {
      const res = await owner.get(`/api/seller/gst/gstr1${query}`).expect(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/month|format/) });
    }
    // A month without documents in gst mode: the nil return.
    const empty = JSON.parse((await owner.get('/api/seller/gst/gstr1?month=2025-01').expect(200)).text as string);
    expect(empty).toMatchObject({ fp: '012025', b2b: [], b2cs: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } });
    await owner
      .put('/api/seller/shop')
      .send({ ...LEGAL, taxMode: 'flat' })
      .expect(200);
    await eventually(async () => (await ownerOnTwo.get('/api/seller/gst/gstr1?month=2025-01')).status === 409, 'instance 2 knows the shop is flat');
    const refused = await ownerOnTwo.get('/api/seller/gst/gstr1?month=2025-01').expect(409);
    expect(refused.body).toEqual({ success: false, message: expect.stringContaining('not in GST mode') });
    // The month whose invoices were issued in gst mode is still filed.
    await owner.get(`/api/seller/gst/gstr1?month=${month}`).expect(200);
  });
});
