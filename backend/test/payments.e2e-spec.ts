import { createHmac } from 'node:crypto';
import { Types } from 'mongoose';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { createTestApp, type TestApp } from './support/test-app';
import { past } from './support/waiting';

describe('online payment when Razorpay is not set up', () => {
  let t: TestApp;
  let a: Agent;
  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' });
    a = (await shopper(t)).agent;
  });
  afterAll(() => t.close());

  it('says so with the reason, and refuses to start a payment', async () => {
    const options = await t.http().get('/api/payments/options').expect(200);
    expect(options.body.online).toEqual({ available: false, reason: expect.stringMatching(/not set up/) });
    expect((await a.get('/api/getkey').expect(503)).body).toMatchObject({ success: false, message: expect.stringMatching(/not set up/) });
    await a.post('/api/paymentonline').send({ amount: 100 }).expect(503);
    await t.http().post('/api/payments/razorpay/webhook').send({ event: 'payment.captured' }).expect(503);
  });
});

describe('online payment with Razorpay', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let a: Agent;
  let aId: string;
  let b: Agent;
  let sellerAgent: Agent;
  let addressA: string;
  let addressB: string;
  let apple: string;
  let milk: string;
  let service: { sweep(): Promise<void> };

  beforeAll(async () => {
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({ ...AUTH_ENV, ...rzp.env(), CHECKOUT_EXPIRY_SECONDS: '1' });
    ({ agent: a, id: aId } = await shopper(t, 'Asha'));
    b = (await shopper(t, 'Bala')).agent;
    sellerAgent = await seller(t);
    addressA = (await a.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    addressB = (
      await b
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, firstName: 'Bala' } })
        .expect(201)
    ).body.address._id;
    [apple, milk] = await insertProducts(t, [
      { name: 'Apple', offerPrice: 33.33, price: 40 },
      { name: 'Milk', offerPrice: 30, category: 'Dairy' },
    ]);
    service = t.app.get((await import('../src/payments/payments.service')).PaymentsService);
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  const orders = (filter: object = {}) => t.connection.collection('orders').countDocuments({ paymentType: 'Online', ...filter });
  const start = async (agent: Agent = a, body: object = { address: addressA, items: [{ product: apple, quantity: 3 }] }) =>
    (await agent.post('/api/paymentonline').send(body).expect(201)).body.order as { id: string; amount: number; currency: string };
  const post = (path: string, { body, headers }: { body: string; headers: Record<string, string> }) => t.http().post(path).set(headers).send(body);
  const WEBHOOK = '/api/payments/razorpay/webhook';

  it('gives the public key only to a signed-in shopper', async () => {
    expect((await a.get('/api/getkey').expect(200)).body).toEqual({ success: true, key: rzp.keyId });
    await t.http().get('/api/getkey').expect(401);
    expect((await t.http().get('/api/payments/options').expect(200)).body).toMatchObject({ online: { available: true }, shop: { name: 'GreenCart' } });
  });

  it('happy path: the server prices the order, checkout.js pays, payment-success records one paid order', async () => {
    await a
      .post('/api/updateCart')
      .send({ cartItems: { [apple]: 3 } })
      .expect(200);
    const order = await start(a, { address: addressA, items: [{ product: apple, quantity: 3 }], amount: 1 });
    expect(order).toMatchObject({ id: expect.stringMatching(/^order_/), amount: 10198, currency: 'INR' });
    expect(rzp.orders.get(order.id)).toMatchObject({ amount: 10198, currency: 'INR', receipt: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const { success } = rzp.pay(order.id);
    const res = await a.post('/api/payment-success').send(success).expect(201);
    expect(res.body.order).toMatchObject({
      paymentType: 'Online',
      paymentStatus: 'paid',
      isPaid: true,
      amount: 101.98,
      status: 'Order Placed',
      address: { _id: addressA, city: 'Bengaluru' },
    });
    expect(res.body.order.payment).toMatchObject({ provider: 'razorpay', razorpayOrderId: order.id, razorpayPaymentId: success.razorpay_payment_id });
    const mine = await a.get('/api/getorder/user').expect(200);
    expect(mine.body.orderdata[0]).toMatchObject({ _id: res.body.order._id, paymentType: 'Online', isPaid: true });
    expect((await a.get('/api/isAuth').expect(200)).body.userData.cartItems).toEqual({});
    // Replayed: the same order, never a second one.
    const again = await a.post('/api/payment-success').send(success).expect(200);
    expect(again.body.order._id).toBe(res.body.order._id);
    expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(1);
  });

  it('the original client: { amount } prices the saved cart; payment-success with userId, address and items', async () => {
    await a
      .post('/api/updateCart')
      .send({ cartItems: { [milk]: 2, [apple]: 1 } })
      .expect(200);
    const order = await start(a, { amount: 5 });
    expect(order.amount).toBe(6000 + 3333 + Math.floor(((6000 + 3333) * 2) / 100));
    const { success } = rzp.pay(order.id);
    const res = await a
      .post('/api/payment-success')
      .send({ ...success, userId: new Types.ObjectId().toHexString(), address: addressA, items: [{ product: milk, quantity: 99 }] })
      .expect(201);
    expect(res.body.order.user).toBe(aId);
    expect(res.body.order.items.map((i: { name: string; quantity: number }) => `${i.name}×${i.quantity}`).sort()).toEqual(['Apple×1', 'Milk×2']);
    expect(res.body.order.address).toMatchObject({ _id: addressA });
  });

  it('the original client may not name another shopper’s address', async () => {
    await a
      .post('/api/updateCart')
      .send({ cartItems: { [milk]: 1 } })
      .expect(200);
    const order = await start(a, { amount: 30 });
    const { success } = rzp.pay(order.id);
    expect(
      (
        await a
          .post('/api/payment-success')
          .send({ ...success, address: addressB })
          .expect(400)
      ).body.message,
    ).toMatch(/address/);
    expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(0);
  });

  it('refuses a forged signature, and a valid signature for another order', async () => {
    const order = await start();
    const other = await start();
    const { success } = rzp.pay(order.id);
    expect(
      (
        await a
          .post('/api/payment-success')
          .send({ ...success, razorpay_signature: 'ab'.repeat(32) })
          .expect(400)
      ).body.message,
    ).toMatch(/signature/);
    const crossed = {
      razorpay_order_id: other.id,
      razorpay_payment_id: success.razorpay_payment_id,
      razorpay_signature: rzp.signature(other.id, success.razorpay_payment_id),
    };
    expect((await a.post('/api/payment-success').send(crossed).expect(400)).body.message).toMatch(/different Razorpay order/);
    await a
      .post('/api/payment-success')
      .send({ ...success, razorpay_signature: 'nothex' })
      .expect(400);
    expect(await orders({ 'payment.razorpayOrderId': { $in: [order.id, other.id] } })).toBe(0);
  });

  it('refuses a payment whose amount or currency at Razorpay does not match', async () => {
    const short = await start();
    const { success: paidLess } = rzp.pay(short.id, { amount: 100 });
    expect((await a.post('/api/payment-success').send(paidLess).expect(400)).body.message).toMatch(/amount/);
    const foreign = await start();
    const { success: dollars } = rzp.pay(foreign.id, { currency: 'USD' });
    await a.post('/api/payment-success').send(dollars).expect(400);
    const failed = await start();
    const { success: notTaken } = rzp.pay(failed.id, { status: 'failed' });
    expect((await a.post('/api/payment-success').send(notTaken).expect(400)).body.message).toMatch(/failed/);
    expect(await orders({ 'payment.razorpayOrderId': { $in: [short.id, foreign.id, failed.id] } })).toBe(0);
  });

  it('another shopper posting my Razorpay ids gets nothing', async () => {
    const order = await start();
    const { success } = rzp.pay(order.id);
    await b.post('/api/payment-success').send(success).expect(404);
    expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(0);
    await a.post('/api/payment-success').send(success).expect(201);
  });

  it('success and webhooks racing, many at once, record exactly one order', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await start();
      const { payment, success } = rzp.pay(order.id);
      const calls = [
        ...Array.from({ length: 4 }, () => a.post('/api/payment-success').send(success)),
        ...Array.from({ length: 3 }, () => post(WEBHOOK, rzp.webhook('payment.captured', payment))),
        post(WEBHOOK, rzp.webhook('order.paid', payment)),
      ];
      const results = await Promise.all(calls);
      expect(results.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
      expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(1);
      const ids = new Set(results.slice(0, 4).map((r) => r.body.order._id));
      expect(ids.size).toBe(1);
    }
  });

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    const order = await start();
    const { payment } = rzp.pay(order.id);
    const call = rzp.webhook('payment.captured', payment);
    await post(WEBHOOK, { body: call.body, headers: { ...call.headers, 'X-Razorpay-Signature': 'ab'.repeat(32) } }).expect(401);
    await post(WEBHOOK, { body: call.body.replace(payment.id, 'pay_other'), headers: call.headers }).expect(401);
    await t.http().post(WEBHOOK).set('Content-Type', 'application/json').send(call.body).expect(401);
    // The right signature with text after it, or in upper case, is not the signature (issue 24).
    const right = call.headers['X-Razorpay-Signature'];
    await post(WEBHOOK, { body: call.body, headers: { ...call.headers, 'X-Razorpay-Signature': `${right}zz` } }).expect(401);
    await post(WEBHOOK, { body: call.body, headers: { ...call.headers, 'X-Razorpay-Signature': `${right},v1=${right}` } }).expect(401);
    await post(WEBHOOK, { body: call.body, headers: { ...call.headers, 'X-Razorpay-Signature': right.toUpperCase() } }).expect(401);
    expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(0);
  });

  it('a signed webhook whose ids or event are not text is refused with 400 before any query, and changes nothing', async () => {
    const order = await start();
    const { payment } = rzp.pay(order.id);
    const signedBody = (body: object) => {
      const text = JSON.stringify(body);
      return {
        body: text,
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': createHmac('sha256', rzp.webhookSecret).update(text).digest('hex') },
      };
    };
    for (const [body, field] of [
      [{ event: 'payment.captured', payload: { payment: { entity: { ...payment, order_id: { $ne: null } } } } }, 'payload.payment.entity.order_id'],
      [{ event: 'payment.captured', payload: { payment: { entity: { ...payment, id: ['pay_x'] } } } }, 'payload.payment.entity.id'],
      [{ event: { $gt: '' }, payload: { payment: { entity: payment } } }, 'event'],
      [{ event: 'payment.failed', payload: { payment: { entity: { ...payment, order_id: { $regex: '.*' } } } } }, 'payload.payment.entity.order_id'],
      [{ event: 'order.paid', payload: { payment: { entity: payment }, order: { entity: { id: { $exists: true } } } } }, 'payload.order.entity.id'],
      [{ event: 'payment.captured', payload: 'payment' }, 'payload'],
    ] as const) {
      const res = await post(WEBHOOK, signedBody(body)).expect(400);
      expect(res.body).toEqual({ success: false, message: expect.stringContaining(field) });
    }
    expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(0);
    expect(await t.connection.collection('checkouts').countDocuments({ razorpayOrderId: order.id, status: 'failed' })).toBe(0);
  });

  it('the webhook alone completes a checkout whose browser was closed; duplicate and out-of-order events are harmless', async () => {
    const order = await start();
    const { payment } = rzp.pay(order.id);
    const failed = rzp.webhook('payment.failed', { ...payment, status: 'failed', error_description: 'Card declined' });
    const captured = rzp.webhook('payment.captured', payment);
    // A failed attempt reported late, after the capture, must not undo anything.
    expect((await post(WEBHOOK, captured).expect(200)).body).toMatchObject({ success: true, handled: true });
    expect((await post(WEBHOOK, captured).expect(200)).body).toMatchObject({ success: true, handled: false, message: /already/ });
    await post(WEBHOOK, failed).expect(200);
    await post(WEBHOOK, rzp.webhook('order.paid', payment)).expect(200);
    await post(WEBHOOK, rzp.webhook('refund.created', payment)).expect(200);
    expect(await orders({ 'payment.razorpayOrderId': order.id, isPaid: true })).toBe(1);
    const checkout = await t.connection.collection('checkouts').findOne({ razorpayOrderId: order.id });
    expect(checkout).toMatchObject({ status: 'paid' });
    const mine = await a.get('/api/getorder/user?limit=100').expect(200);
    expect(mine.body.orderdata.some((o: { payment?: { razorpayOrderId: string } }) => o.payment?.razorpayOrderId === order.id)).toBe(true);
  });

  it('payment.failed marks the attempt failed; a later successful attempt on the same order still counts', async () => {
    const order = await start();
    const { payment: declined } = rzp.pay(order.id, { status: 'failed' });
    await post(WEBHOOK, rzp.webhook('payment.failed', { ...declined, error_description: 'Card declined' })).expect(200);
    expect(await t.connection.collection('checkouts').findOne({ razorpayOrderId: order.id })).toMatchObject({
      status: 'failed',
      failureReason: 'Card declined',
    });
    const { success } = rzp.pay(order.id);
    await a.post('/api/payment-success').send(success).expect(201);
  });

  it('a checkout expires unpaid without blocking the cart or a new attempt, and a late capture still becomes an order', async () => {
    const order = await start();
    // Time, not an event: the checkout expires at its stored expiresAt (CHECKOUT_EXPIRY_SECONDS, 1 s here, the
    // least the setting allows); the sweep then marks it expired. Waits until that instant has passed.
    const expiresAt = new Date((await t.connection.collection('checkouts').findOne({ razorpayOrderId: order.id }))!.expiresAt).getTime();
    await past(expiresAt);
    await service.sweep();
    expect(await t.connection.collection('checkouts').findOne({ razorpayOrderId: order.id })).toMatchObject({ status: 'expired' });
    await start();
    const { success } = rzp.pay(order.id);
    await a.post('/api/payment-success').send(success).expect(201);
    expect(await orders({ 'payment.razorpayOrderId': order.id })).toBe(1);
  });

  it('refuses bad bodies with a clear 400', async () => {
    await a.post('/api/paymentonline').send({ address: addressA, items: [] }).expect(400);
    await a
      .post('/api/paymentonline')
      .send({ address: addressA, items: [{ product: apple, quantity: 0 }] })
      .expect(400);
    await a
      .post('/api/paymentonline')
      .send({ address: 'nope', items: [{ product: apple, quantity: 1 }] })
      .expect(400);
    await a
      .post('/api/paymentonline')
      .send({ address: addressB, items: [{ product: apple, quantity: 1 }] })
      .expect(400);
    await a.post('/api/paymentonline').send({ amount: '10', extra: 1 }).expect(400);
    await a.post('/api/updateCart').send({ cartItems: {} }).expect(200);
    expect((await a.post('/api/paymentonline').send({ amount: 10 }).expect(400)).body.message).toMatch(/empty/);
    await a.post('/api/payment-success').send({ razorpay_order_id: 'order_x' }).expect(400);
    await a
      .post('/api/payment-success')
      .send({ razorpay_order_id: { $ne: null }, razorpay_payment_id: 'pay_x', razorpay_signature: 'ab'.repeat(32) })
      .expect(400);
  });

  it('refunds a paid online order the seller cancels, once however many clicks', async () => {
    const order = await start();
    const { success } = rzp.pay(order.id);
    const placed = (await a.post('/api/payment-success').send(success).expect(201)).body.order;
    const reason = 'The mangoes ran out this morning';
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () => sellerAgent.patch(`/api/orders/${placed._id}/status`).send({ status: 'Cancelled', reason })),
    );
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(cancels.filter((r) => r.status === 409)).toHaveLength(2);
    const cancelled = cancels.find((r) => r.status === 200)!.body.order;
    expect(cancelled).toMatchObject({
      status: 'Cancelled',
      cancelledBy: 'shop',
      cancelReason: reason,
      paymentStatus: 'refunded',
      payment: { refundId: expect.stringMatching(/^rfnd_/), refundStatus: 'processed', refundedAt: expect.any(String) },
    });
    await t.app.get((await import('../src/payments/payment-refunds.service')).PaymentRefunds).refund(placed._id);
    await service.sweep();
    expect([...rzp.refunds.values()].filter((r) => r.payment_id === success.razorpay_payment_id)).toHaveLength(1);
    const mine = await a.get('/api/getorder/user?limit=100').expect(200);
    // The shopper reads who cancelled, why, and when the money went back (the first report's date, kept on repeats).
    expect(mine.body.orderdata.find((o: { _id: string }) => o._id === placed._id)).toMatchObject({
      paymentStatus: 'refunded',
      cancelledBy: 'shop',
      cancelReason: reason,
      amountPaise: placed.amountPaise,
      payment: { refundStatus: 'processed', refundedAt: cancelled.payment.refundedAt },
    });
  });

  it('Razorpay down or slow: a readable 503 within seconds, nothing half-made; a refund left unfinished is completed later', async () => {
    const placed = await (async () => {
      const order = await start();
      return (await a.post('/api/payment-success').send(rzp.pay(order.id).success).expect(201)).body.order;
    })();
    const checkoutsBefore = await t.connection.collection('checkouts').countDocuments();
    rzp.down = true;
    try {
      const began = Date.now();
      const res = await a
        .post('/api/paymentonline')
        .send({ address: addressA, items: [{ product: apple, quantity: 1 }] })
        .expect(503);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/unavailable/) });
      // Refused rather than held until Razorpay's client gives up.
      expect(Date.now() - began).toBeLessThan(15_000);
      expect(await t.connection.collection('checkouts').countDocuments()).toBe(checkoutsBefore);
      const cancelled = await sellerAgent.patch(`/api/orders/${placed._id}/status`).send({ status: 'Cancelled' }).expect(200);
      expect(cancelled.body.order).toMatchObject({ status: 'Cancelled', paymentStatus: 'paid' });
    } finally {
      rzp.down = false;
    }
    rzp.delayMs = 2500;
    try {
      await a
        .post('/api/paymentonline')
        .send({ address: addressA, items: [{ product: apple, quantity: 1 }] })
        .expect(503);
    } finally {
      rzp.delayMs = 0;
    }
    await service.sweep();
    const mine = await a.get('/api/getorder/user?limit=100').expect(200);
    expect(mine.body.orderdata.find((o: { _id: string }) => o._id === placed._id)).toMatchObject({
      paymentStatus: 'refunded',
      payment: { refundStatus: 'processed' },
    });
  });

  it('a shopper cancelling a paid online order while it is Order Placed gets the same refund', async () => {
    const order = await start();
    const placed = (await a.post('/api/payment-success').send(rzp.pay(order.id).success).expect(201)).body.order;
    const res = await a.post(`/api/orders/${placed._id}/cancel`).expect(200);
    expect(res.body.order).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded', payment: { refundStatus: 'processed' } });
    expect([...rzp.refunds.values()].filter((r) => r.payment_id === placed.payment.razorpayPaymentId)).toHaveLength(1);
  });

  it('a tampered client amount is never charged', async () => {
    const order = await start(a, { address: addressA, items: [{ product: milk, quantity: 1 }], amount: 0.01 });
    expect(order.amount).toBe(3060);
    expect(rzp.orders.get(order.id)!.amount).toBe(3060);
  });
});
