import { randomUUID } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import { shopper, seller, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import type { TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { ATTA } from './support/pack-size-products';

/**
 * No money kept without an order (hardening round four, finding 1): whatever stops a paid checkout from
 * becoming an order refunds the payment once, by the browser's success or the webhook, on either
 * instance; the sweep refunds a payment that reached a checkout long closed.
 */
interface Size {
  _id: string;
  label: string;
  price: number;
  offerPrice: number;
  stock?: number | null;
}

const REDIS = process.env.TEST_REDIS_URL;
const maybe = REDIS ? describe : describe.skip;
const rzp = new FakeRazorpay();
const GRACE_SECONDS = 600;

maybe('a paid checkout that cannot become an order, on two instances', () => {
  beforeAll(() => rzp.start());
  afterAll(() => rzp.stop());
  const apps = twoInstances('paidcheckouts', REDIS ?? '', () => ({ ...rzp.env(), PAID_CHECKOUT_GRACE_SECONDS: String(GRACE_SECONDS) }));
  let one: TestApp;
  let two: TestApp;
  let sellerTwo: Agent;
  let asha: Agent;
  let ashaAddress: string;
  let png: Buffer;

  beforeAll(async () => {
    ({ one, two } = apps);
    sellerTwo = await seller(two);
    asha = (await shopper(one, 'Asha')).agent;
    ashaAddress = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
  }, 60_000);

  const addAtta = async (name = `Atta ${randomUUID().slice(0, 6)}`) =>
    (
      await sellerTwo
        .post('/api/addproduct')
        .field('productData', JSON.stringify({ ...ATTA, name }))
        .attach('image', png, { filename: 'atta.png', contentType: 'image/png' })
        .expect(201)
    ).body.product as { _id: string; name: string; variants: Size[] };
  const checkout = async (product: string, variant: string, quantity = 1) =>
    (
      await asha
        .post('/api/paymentonline')
        .send({ address: ashaAddress, items: [{ product, variant, quantity }] })
        .expect(201)
    ).body.order as {
      id: string;
    };
  const ordersOf = (razorpayOrderId: string) => one.connection.collection('orders').countDocuments({ 'payment.razorpayOrderId': razorpayOrderId });
  const checkoutOf = (razorpayOrderId: string) => one.connection.collection('checkouts').findOne({ razorpayOrderId });
  const hook = (app: TestApp, payment: Parameters<FakeRazorpay['webhook']>[1]) => {
    const { body, headers } = rzp.webhook('payment.captured', payment);
    return request(app.app.getHttpServer()).post('/api/payments/razorpay/webhook').set(headers).send(body);
  };

  it('a pack size removed while the shopper pays: refunded once, by the browser then the webhook, with the reason', async () => {
    const atta = await addAtta();
    const [kg1, kg5] = atta.variants;
    const order = await checkout(atta._id, kg5._id, 2);
    // The seller removes the 5 kg size on the other instance while the checkout is open (allowed).
    await sellerTwo
      .patch(`/api/products/${atta._id}`)
      .field('productData', JSON.stringify({ variants: [{ _id: kg1._id, label: '1 kg', price: 68, offerPrice: 62 }] }))
      .expect(200);
    const { success, payment } = rzp.pay(order.id);
    const answered = await asha.post('/api/payment-success').send(success).expect(409);
    expect(answered.body).toEqual({
      success: false,
      message: `Sorry, ${atta.name} stopped being sold in that pack size while you were paying, so no order was placed; your money is being refunded to you`,
    });
    expect(rzp.refundsOf(payment.id).map((r) => r.amount)).toEqual([payment.amount]);
    // The webhook on the other instance and a retry of the browser say the same and refund nothing more.
    const webhook = await hook(two, payment).expect(200);
    expect(webhook.body.message).toMatch(/stopped being sold in that pack size/);
    await asha.post('/api/payment-success').send(success).expect(409);
    expect(rzp.refundsOf(payment.id)).toHaveLength(1);
    expect(await ordersOf(order.id)).toBe(0);
    expect(await checkoutOf(order.id)).toMatchObject({ status: 'refunded', razorpayPaymentId: payment.id });
  });

  it('a product deleted while the shopper pays: the webhook refunds it once, the browser then hears why', async () => {
    const atta = await addAtta();
    const order = await checkout(atta._id, atta.variants[2]._id);
    await sellerTwo.delete(`/api/products/${atta._id}`).expect(200);
    const { success, payment } = rzp.pay(order.id);
    // The webhook and the browser at once, on both instances.
    const [webhook, browser] = await Promise.all([hook(two, payment), asha.post('/api/payment-success').send(success)]);
    expect(webhook.status).toBe(200);
    expect(browser.status).toBe(409);
    const reason = `Sorry, ${atta.name} 10 kg is no longer sold, so no order was placed; your money is being refunded to you`;
    expect(browser.body).toEqual({ success: false, message: reason });
    expect(rzp.refundsOf(payment.id).map((r) => r.amount)).toEqual([payment.amount]);
    await hook(one, payment).expect(200);
    expect(rzp.refundsOf(payment.id)).toHaveLength(1);
    expect(await ordersOf(order.id)).toBe(0);
    expect(await checkoutOf(order.id)).toMatchObject({ status: 'refunded', failureReason: reason });
  });

  it('the sweep refunds, once, a captured payment of a checkout closed past the grace that no success or webhook reported', async () => {
    const atta = await addAtta();
    const forgotten = await checkout(atta._id, atta.variants[0]._id);
    const late = await checkout(atta._id, atta.variants[0]._id, 2);
    const { payment } = rzp.pay(forgotten.id);
    const { success: lateSuccess, payment: latePayment } = rzp.pay(late.id);
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await one.connection.collection('checkouts').updateOne({ razorpayOrderId: forgotten.id }, { $set: { expiresAt: ago(GRACE_SECONDS + 60) } });
    // Closed within the grace: its late payment may still become an order.
    await one.connection.collection('checkouts').updateOne({ razorpayOrderId: late.id }, { $set: { expiresAt: ago(60) } });
    const { PaymentsService } = await import('../src/payments/payments.service');
    await Promise.all([one.app.get(PaymentsService).sweep(), two.app.get(PaymentsService).sweep()]);
    expect(rzp.refundsOf(payment.id).map((r) => r.amount)).toEqual([payment.amount]);
    expect(await checkoutOf(forgotten.id)).toMatchObject({
      status: 'refunded',
      failureReason: 'Sorry, your checkout had closed before the payment reached the shop, so no order was placed; your money is being refunded to you',
    });
    expect(rzp.refundsOf(latePayment.id)).toEqual([]);
    expect((await checkoutOf(late.id))?.status).toBe('expired');
    // A sweep again asks Razorpay nothing more about either, and refunds nothing more.
    const asked = rzp.requests.length;
    await one.app.get(PaymentsService).sweep();
    expect(rzp.requests.slice(asked).filter((r) => r.path.endsWith('/payments'))).toEqual([]);
    expect(rzp.refundsOf(payment.id)).toHaveLength(1);
    // The late one completes as an order; the forgotten one, reported at last, stays refunded.
    await asha.post('/api/payment-success').send(lateSuccess).expect(201);
    expect(await ordersOf(late.id)).toBe(1);
    const webhook = await hook(two, payment).expect(200);
    expect(webhook.body.message).toMatch(/checkout had closed/);
    expect(await ordersOf(forgotten.id)).toBe(0);
    expect(rzp.refundsOf(payment.id)).toHaveLength(1);
  });

  it('a payment with more refunds than Razorpay lists in a page still has each found (read with count)', async () => {
    const atta = await addAtta();
    const order = await checkout(atta._id, atta.variants[0]._id, 3);
    const { success, payment } = rzp.pay(order.id);
    await asha.post('/api/payment-success').send(success).expect(201);
    const { RazorpayGateway } = await import('../src/payments/razorpay.gateway');
    const gateway = one.app.get(RazorpayGateway);
    for (let n = 1; n <= 12; n++) await gateway.refund(payment.id, 100, `receipt-${n}`);
    const found = await gateway.refundsOf(payment.id);
    expect(found.map((r) => r.receipt).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `receipt-${i + 1}`).sort());
  });
});
