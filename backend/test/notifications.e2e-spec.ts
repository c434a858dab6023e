import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { PAYMENT_SOLD_OUT_REFUNDED, type PaymentSoldOutRefundedEvent } from '../src/payments/payment.events';
import { AUTH_ENV, insertProducts, notVerification, seller, shopper, VALID_ADDRESS, VERIFICATION_MAIL, verifyEmail, type Agent } from './support/actors';
import { FakeRazorpay } from './support/fake-razorpay';
import { SmtpCatcher } from './support/smtp-catcher';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * Order mails through the durable outbox (issue 22) and "Forgot password" (issue 27), against a real
 * SMTP server in this process: every kind sent once to the right person with the right content, an
 * SMTP outage that loses and doubles nothing, preferences, messages that gave up and are sent again.
 */
const SELLER_NOTIFY = 'orders@shop.test';

/** The listeners queue messages after the request is answered: settles once everything they heard so far is queued. */
async function queued(app: TestApp): Promise<void> {
  const { NotificationListeners } = await import('../src/notifications/notification-listeners');
  await app.app.get(NotificationListeners).caughtUp();
}

type Stored = { _id: string; state: string; attempts?: number; lastError?: string };

/**
 * Waits until every outbox message matching `filter` (at least one) has finished: sent, skipped or given
 * up. A finished message is never sent again (each attempt is claimed, and a sent one is done), and its
 * mail was in the catcher before its outcome was written: what the catcher holds of them is then final.
 */
async function settled(app: TestApp, filter: object, what: string): Promise<Stored[]> {
  const outbox = app.connection.collection('outbox');
  let stored: Stored[] = [];
  await eventually(
    async () => {
      stored = (await outbox.find(filter).toArray()) as unknown as Stored[];
      return stored.length > 0 && stored.every((m) => m.state !== 'pending');
    },
    `${what} finished in the outbox`,
    30_000,
    () => stored.map((m) => ({ id: m._id, state: m.state, attempts: m.attempts, lastError: m.lastError })),
  );
  return stored;
}

describe('order mails through the outbox, with a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let rzp: FakeRazorpay;
  let sellerAgent: Agent;
  let apple: string;
  let milk: string;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().up();
    rzp = await new FakeRazorpay().start();
    t = await createTestApp({
      ...AUTH_ENV,
      ...rzp.env(),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'GreenCart Test <orders@greencart.test>',
      SELLER_NOTIFY_EMAIL: SELLER_NOTIFY,
      PUBLIC_URL: 'https://shop.greencart.test',
      // The suite talks plain http to the app; the links in mails still name the https shop.
      COOKIE_SECURE: 'false',
      OUTBOX_RETRY_MS: '200',
      OUTBOX_SWEEP_MS: '500',
    });
    [apple, milk] = await insertProducts(t, [
      { name: 'Alphonso Mango', offerPrice: 1234.5, price: 1400 },
      { name: 'Milk', offerPrice: 30, category: 'Dairy' },
    ]);
    sellerAgent = await seller(t);
  });
  afterAll(async () => {
    await smtp.down();
    await rzp.stop();
    await t?.close();
  });

  async function newShopper(name = 'Asha') {
    const s = await shopper(t, name);
    const address = (await s.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    return { ...s, address };
  }

  async function placeCod(s: { agent: Agent; address: string }, items = [{ product: apple, quantity: 2 }]) {
    const res = await s.agent.post('/api/placeorders').set('Idempotency-Key', randomUUID()).send({ address: s.address, items }).expect(201);
    return res.body.order as { _id: string; orderNumber: string };
  }

  const move = (orderId: string, status: string) => sellerAgent.patch(`/api/orders/${orderId}/status`).send({ status }).expect(200);

  /** How many of messages `ids` have given up (and are listed for the seller). */
  const givenUp = (ids: string[]) => t.connection.collection('outbox_failed').countDocuments({ _id: { $in: ids } as never });

  /** What a failed wait on messages `ids` reports: where they stand, their due markers, this instance's worker. */
  async function outboxReport(ids: string[]) {
    const { OutboxWorker } = await import('../src/notifications/outbox/outbox-worker');
    const markers = await t.connection.collection('outbox_due').find().toArray();
    return {
      messages: await stateOf(ids),
      failed: await t.connection
        .collection('outbox_failed')
        .find({ _id: { $in: ids } as never })
        .toArray(),
      dueMarkers: markers.filter((m) => ids.some((id) => m._id === (id as never) || ((m.ids as string[] | undefined) ?? []).includes(id))),
      worker: t.app.get(OutboxWorker).status(),
    };
  }

  /** Where messages `ids` stand in the outbox (for assertions, and for what a failure reports). */
  async function stateOf(ids: string[]) {
    const stored = (await t.connection
      .collection('outbox')
      .find({ _id: { $in: ids } as never })
      .toArray()) as unknown as Stored[];
    return stored.map((m) => ({ id: m._id, state: m.state, lastError: m.lastError, attempts: m.attempts }));
  }

  it('a COD order: the receipt to the shopper and the new order to the seller, once each, with what they need to know', async () => {
    const asha = await newShopper('Asha');
    const order = await placeCod(asha);
    await smtp.until(
      () => smtp.to(asha.email).filter(notVerification).length === 1 && smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`).length === 1,
    );
    const [receipt] = smtp.to(asha.email).filter(notVerification);
    expect(receipt.outboxId).toBe(`email:order-confirmation:${order._id}`);
    expect(receipt.from).toContain('orders@greencart.test');
    expect(receipt.subject).toContain(order.orderNumber);
    expect(receipt.subject).toMatch(/^Order GC-\d+ confirmed: ₹2,518\.38, at your door by \d{1,2}:\d{2} (am|pm)$/);
    for (const part of [receipt.text, receipt.html]) {
      expect(part).toContain('GreenCart');
      expect(part).toContain('Alphonso Mango');
      // 2 × ₹1,234.50 = ₹2,469.00; 2% tax ₹49.38; total ₹2,518.38 (en-IN grouping).
      expect(part).toContain('₹2,469.00');
      expect(part).toContain('₹49.38');
      expect(part).toContain('₹2,518.38');
      expect(part).toContain('12 MG Road');
      expect(part).toContain('Cash on delivery');
      expect(part).toContain(`https://shop.greencart.test/My-orders?order=${order.orderNumber}`);
      expect(part).not.toContain(order._id);
    }
    expect(receipt.text).toContain('Hello Asha,');
    expect(receipt.text).toMatch(/Delivery by: \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)/);
    const [toSeller] = smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`);
    expect(toSeller.subject).toBe(`New order ${order.orderNumber}: ₹2,518.38, cash on delivery`);
    expect(toSeller.text).toContain(`https://shop.greencart.test/seller/orders?order=${order.orderNumber}`);
    expect(toSeller.text).toContain('Asha Rao');
    // The phone as people read it; the shopper is the address's email.
    for (const mail of [receipt, toSeller]) expect(mail.text).toContain('+91 98765 43210');
    expect(toSeller.text).toContain('Shopper: asha@example.com');
    // The seller's mail speaks to the seller: what to collect, not the shopper's "please pay".
    expect(toSeller.text).toContain('Payment: Collect ₹2,518.38 in cash');
    expect(toSeller.text).not.toContain('please pay');
  });

  it('an address without an email: the order is placed and keeps none, and the seller’s mail names the account’s email', async () => {
    const s = await shopper(t, 'Meera');
    const { email: _none, ...withoutEmail } = VALID_ADDRESS;
    const address = (
      await s.agent
        .post('/api/Address/add')
        .send({ adress: { ...withoutEmail, firstName: 'Meera' } })
        .expect(201)
    ).body.address._id as string;
    const order = await placeCod({ agent: s.agent, address });
    const mine = await s.agent.get('/api/getorder/user').expect(200);
    const placed = (mine.body.orderdata as { _id: string; address: Record<string, unknown> }[]).find((o) => o._id === order._id);
    expect(placed?.address).toMatchObject({ firstName: 'Meera', phone: '+919876543210' });
    expect(placed?.address).not.toHaveProperty('email');
    await smtp.until(() => smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`).length === 1);
    const [toSeller] = smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`);
    expect(toSeller.text).toContain(`Shopper: ${s.email}`);
    expect(toSeller.text).toContain('+91 98765 43210');
  });

  it('each status the seller sets is one mail to the shopper; a COD order delivered sends no separate payment mail', async () => {
    const ravi = await newShopper('Ravi');
    const order = await placeCod(ravi, [{ product: milk, quantity: 1 }]);
    for (const status of ['Packing', 'Out for delivery', 'Delivered']) await move(order._id, status);
    await smtp.until(() => smtp.to(ravi.email).filter(notVerification).length >= 4);
    // Nothing more arrives: every message about the order is queued and finished (a finished one is not sent again).
    await queued(t);
    const stored = await settled(t, { _id: { $regex: order._id } }, `the messages of order ${order._id}`);
    const toRavi = stored.filter((m) => m._id.startsWith('email:') && !m._id.startsWith('email:seller-'));
    expect(toRavi.map((m) => m.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const subjects = smtp
      .to(ravi.email)
      .filter(notVerification)
      .map((m) => m.subject);
    expect(subjects).toHaveLength(4);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('confirmed'),
        `Order ${order.orderNumber} is being packed`,
        `Order ${order.orderNumber} is out for delivery`,
        `Order ${order.orderNumber} was delivered`,
      ]),
    );
    const outForDelivery = smtp.to(ravi.email, 'email:order-out-for-delivery:')[0];
    expect(outForDelivery.text).toContain('Please keep ₹30.60 ready (cash on delivery).');
    const delivered = smtp.to(ravi.email, 'email:order-delivered:')[0];
    expect(delivered.text).toContain('Cash on delivery, paid');
    expect(delivered.text).toContain('can be turned off at https://shop.greencart.test/account');
  });

  it('a cancelled COD order: one mail saying nothing was charged', async () => {
    const gita = await newShopper('Gita');
    const order = await placeCod(gita, [{ product: milk, quantity: 3 }]);
    await gita.agent.post(`/api/orders/${order._id}/cancel`).expect(200);
    await smtp.until(() => smtp.to(gita.email, 'email:order-cancelled:').length === 1);
    expect(smtp.to(gita.email, 'email:order-cancelled:')[0].text).toContain('Nothing was charged.');
    // The seller hears of it too, once: it may be on the packing table already.
    await smtp.until(() => smtp.to(SELLER_NOTIFY, `email:seller-order-cancelled:${order._id}`).length === 1);
    const [toSeller] = smtp.to(SELLER_NOTIFY, `email:seller-order-cancelled:${order._id}`);
    expect(toSeller.subject).toBe(`Cancelled — do not send: order ${order.orderNumber} (₹91.80)`);
    expect(toSeller.text).toContain('The shopper cancelled order');
    expect(toSeller.text).toContain('there is nothing to collect');
    expect(toSeller.text).toContain(`https://shop.greencart.test/seller/orders?order=${order.orderNumber}`);
  });

  it('an order the shop cancels itself: no cancellation mail to the seller', async () => {
    const hari = await newShopper('Hari');
    const order = await placeCod(hari, [{ product: milk, quantity: 1 }]);
    await sellerAgent.patch(`/api/orders/${order._id}/status`).send({ status: 'Cancelled' }).expect(200);
    await smtp.until(() => smtp.to(hari.email, 'email:order-cancelled:').length === 1);
    await queued(t);
    expect(await t.connection.collection('outbox').countDocuments({ _id: `email:seller-order-cancelled:${order._id}` as never })).toBe(0);
  });

  it('an online order: receipt and payment received; cancelled by the shop: cancelled, refund started, refund done', async () => {
    const meera = await newShopper('Meera');
    rzp.refundStartsAs = 'pending';
    const checkout = (
      await meera.agent
        .post('/api/paymentonline')
        .send({ address: meera.address, items: [{ product: milk, quantity: 2 }] })
        .expect(201)
    ).body.order as { id: string };
    const { success } = rzp.pay(checkout.id);
    const order = (await meera.agent.post('/api/payment-success').send(success).expect(201)).body.order as { _id: string; orderNumber: string };
    await smtp.until(() => smtp.to(meera.email).filter(notVerification).length === 2);
    const paid = smtp.to(meera.email, 'email:payment-received:')[0];
    expect(paid.subject).toBe(`Payment of ₹61.20 received for order ${order.orderNumber}`);
    expect(paid.text).toContain(success.razorpay_payment_id);
    expect(smtp.to(meera.email, 'email:order-confirmation:')[0].text).toContain(`Paid online (payment ${success.razorpay_payment_id})`);

    await sellerAgent.patch(`/api/orders/${order._id}/status`).send({ status: 'Cancelled', reason: 'The milk van <did not> come today' }).expect(200);
    await smtp.until(() => smtp.to(meera.email).filter(notVerification).length === 4);
    const cancelled = smtp.to(meera.email, 'email:order-cancelled:')[0];
    expect(cancelled.text).toContain('we are refunding it');
    // The shop's reason, in the mail as the shopper typed it… as text, never as markup.
    expect(cancelled.text).toContain('Cancelled by the shop: The milk van <did not> come today');
    expect(cancelled.html).toContain('Cancelled by the shop: The milk van &#60;did not&#62; come today');
    const started = smtp.to(meera.email, 'email:refund-started:')[0];
    expect(started.subject).toBe(`Refund of ₹61.20 started for order ${order.orderNumber}`);
    // The bank confirms; the payments sweep records it.
    rzp.settleRefunds();
    rzp.refundStartsAs = 'processed';
    const { PaymentsService } = await import('../src/payments/payments.service');
    await t.app.get(PaymentsService).sweep();
    await smtp.until(() => smtp.to(meera.email, 'email:refund-done:').length === 1);
    expect(smtp.to(meera.email, 'email:refund-done:')[0].subject).toBe(`Refund of ₹61.20 done for order ${order.orderNumber}`);
    expect(smtp.to(meera.email).filter(notVerification)).toHaveLength(5);
  });

  it('the receipt and the seller’s mail name each line’s pack size', async () => {
    const lata = await newShopper('Lata');
    const { DomainEvents } = await import('../src/common/events/domain-events');
    const { ORDER_PLACED } = await import('../src/orders/order.events');
    const { Types } = await import('mongoose');
    // An order as the placing of pack sizes stores it (each line's variant and label), published as placed.
    const line = (name: string, label: string | undefined, quantity: number, offerPricePaise: number) => ({
      product: new Types.ObjectId(),
      name,
      category: 'Grains',
      image: '',
      quantity,
      offerPrice: offerPricePaise / 100,
      offerPricePaise,
      ...(label ? { variant: String(new Types.ObjectId()), label } : {}),
    });
    const order = {
      _id: new Types.ObjectId(),
      user: new Types.ObjectId(lata.id),
      orderNumber: `GC-${Math.floor(Math.random() * 1e6)}`,
      items: [line('Whole Wheat Atta', '5 kg', 2, 24_900), line('Toned Milk 1 L', '1 L', 1, 5_600), line('Desi Tomatoes', undefined, 1, 3_950)],
      address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
      subtotalPaise: 59_350,
      taxPaise: 1_187,
      deliveryFeePaise: 0,
      amountPaise: 60_537,
      paymentType: 'COD',
      paymentStatus: 'pending',
      status: 'Order Placed',
      createdAt: new Date(),
    };
    await t.app.get(DomainEvents).publish(ORDER_PLACED, { orderId: String(order._id), userId: lata.id, order, paymentType: 'COD' } as never);
    const ids = [`email:order-confirmation:${order._id}`, `email:seller-new-order:${order._id}`];
    try {
      await smtp.until(
        () => smtp.to(lata.email, 'email:order-confirmation:').length === 1 && smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`).length === 1,
        45_000,
      );
    } catch (error) {
      // Where the two messages stand (a receipt skipped, refused or waiting for a retry says which).
      throw new Error(`${(error as Error).message}\noutbox: ${JSON.stringify(await outboxReport(ids))}`);
    }
    const receipt = smtp.to(lata.email, 'email:order-confirmation:')[0];
    const toSeller = smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`)[0];
    for (const mail of [receipt, toSeller]) {
      expect(mail.text).toContain('2 × Whole Wheat Atta 5 kg  ₹498.00');
      expect(mail.text).toContain('1 × Toned Milk 1 L  ₹56.00');
      expect(mail.text).toContain('1 × Desi Tomatoes  ₹39.50');
      expect(mail.html).toContain('Whole Wheat Atta 5 kg <span');
      expect(mail.text).not.toContain('1 L 1 L');
    }
  });

  it('the receipt and the seller’s mail of an order with a coupon show its discount between the items and the tax', async () => {
    const ravi = await newShopper('Ravi');
    const { DomainEvents } = await import('../src/common/events/domain-events');
    const { ORDER_PLACED } = await import('../src/orders/order.events');
    const { Types } = await import('mongoose');
    const { priceCart } = await import('@greencart/domain');
    // An order as placing with a coupon stores it (FLAT50 on ₹593.50 of items), published as placed.
    const price = priceCart(
      [
        { offerPrice: 249, quantity: 2 },
        { offerPrice: 95.5, quantity: 1 },
      ],
      null,
      { kind: 'flat', value: 50 },
    );
    const order = {
      _id: new Types.ObjectId(),
      user: new Types.ObjectId(ravi.id),
      orderNumber: `GC-${Math.floor(Math.random() * 1e6)}`,
      items: [
        { product: new Types.ObjectId(), name: 'Whole Wheat Atta', category: 'Grains', image: '', quantity: 2, offerPrice: 249, offerPricePaise: 24_900 },
        { product: new Types.ObjectId(), name: 'Ghee', category: 'Dairy', image: '', quantity: 1, offerPrice: 95.5, offerPricePaise: 9_550 },
      ],
      address: { _id: new Types.ObjectId(), ...VALID_ADDRESS },
      subtotalPaise: price.subtotalPaise,
      discountPaise: price.discountPaise,
      coupon: { code: 'FLAT50', couponId: new Types.ObjectId(), discountPaise: price.discountPaise },
      taxPaise: price.taxPaise,
      deliveryFeePaise: 0,
      amountPaise: price.totalPaise,
      paymentType: 'COD',
      paymentStatus: 'pending',
      status: 'Order Placed',
      createdAt: new Date(),
    };
    expect(price).toMatchObject({ subtotalPaise: 59_350, discountPaise: 5_000, taxPaise: 1_087, totalPaise: 55_437 });
    await t.app.get(DomainEvents).publish(ORDER_PLACED, { orderId: String(order._id), userId: ravi.id, order, paymentType: 'COD' } as never);
    const ids = [`email:order-confirmation:${order._id}`, `email:seller-new-order:${order._id}`];
    try {
      await smtp.until(
        () => smtp.to(ravi.email, 'email:order-confirmation:').length === 1 && smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`).length === 1,
        45_000,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\noutbox: ${JSON.stringify(await outboxReport(ids))}`);
    }
    const receipt = smtp.to(ravi.email, 'email:order-confirmation:')[0];
    const toSeller = smtp.to(SELLER_NOTIFY, `email:seller-new-order:${order._id}`)[0];
    for (const mail of [receipt, toSeller]) {
      expect(mail.text).toContain('Items: ₹593.50\nCoupon FLAT50: −₹50.00\nTax (2%): ₹10.87\nDelivery: Free\nTotal: ₹554.37');
      expect(mail.html).toContain('Coupon FLAT50');
      expect(mail.html).toContain('−₹50.00');
    }
    expect(receipt.subject).toContain('₹554.37');
    expect(toSeller.text).toContain('Collect ₹554.37 in cash');
  });

  it('a payment refunded because its checkout sold out: one mail to the shopper and one to the seller', async () => {
    const kiran = await newShopper('Kiran');
    const { DomainEvents } = await import('../src/common/events/domain-events');
    const event: PaymentSoldOutRefundedEvent = {
      userId: kiran.id,
      razorpayOrderId: 'order_soldout1',
      razorpayPaymentId: `pay_${randomBytes(6).toString('hex')}`,
      amountPaise: 125_000_00,
      productNames: ['Alphonso Mango', 'Milk'],
      reason: 'Alphonso Mango sold out before the payment arrived',
    };
    // Published twice (a retried webhook): still one mail each.
    await t.app.get(DomainEvents).publish(PAYMENT_SOLD_OUT_REFUNDED, event);
    await t.app.get(DomainEvents).publish(PAYMENT_SOLD_OUT_REFUNDED, event);
    await smtp.until(
      () =>
        smtp.to(kiran.email).filter(notVerification).length === 1 &&
        smtp.to(SELLER_NOTIFY, `email:seller-sold-out-refund:${event.razorpayPaymentId}`).length === 1,
    );
    // Both publications heard and queued, and the two messages finished: no second mail can follow.
    await queued(t);
    const ids = [`email:sold-out-refund:${event.razorpayPaymentId}`, `email:seller-sold-out-refund:${event.razorpayPaymentId}`];
    const stored = await settled(t, { _id: { $in: ids } }, 'the two sold-out refund mails');
    expect(stored.map((m) => [m._id, m.state]).sort()).toEqual(ids.map((id) => [id, 'sent']).sort());
    const [toShopper] = smtp.to(kiran.email).filter(notVerification);
    expect(toShopper.subject).toBe('Your payment of ₹1,25,000.00 is being refunded');
    expect(toShopper.text).toContain('Alphonso Mango sold out before the payment arrived');
    expect(toShopper.text).toContain('Alphonso Mango, Milk');
    const toSeller = smtp.to(SELLER_NOTIFY, `email:seller-sold-out-refund:${event.razorpayPaymentId}`);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0].text).toContain('order_soldout1');
    expect(smtp.to(kiran.email).filter(notVerification)).toHaveLength(1);
  });

  it('the one who published an event does not wait while its messages are queued: they are stored after, once', async () => {
    const pia = await newShopper('Pia');
    const { DomainEvents } = await import('../src/common/events/domain-events');
    const { NotificationListeners } = await import('../src/notifications/notification-listeners');
    const listeners = t.app.get(NotificationListeners);
    const event: PaymentSoldOutRefundedEvent = {
      userId: pia.id,
      razorpayOrderId: 'order_soldout2',
      razorpayPaymentId: `pay_${randomBytes(6).toString('hex')}`,
      amountPaise: 500_00,
      productNames: ['Milk'],
      reason: 'Milk sold out before the payment arrived',
    };
    await t.app.get(DomainEvents).publish(PAYMENT_SOLD_OUT_REFUNDED, event);
    // Answered while the write is still on its way to the database (no I/O happens between microtasks).
    let stored = false;
    const queuing = listeners.caughtUp().then(() => (stored = true));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(stored).toBe(false);
    await queuing;
    const ids = [`email:sold-out-refund:${event.razorpayPaymentId}`, `email:seller-sold-out-refund:${event.razorpayPaymentId}`];
    expect(await t.connection.collection('outbox').countDocuments({ _id: { $in: ids } as never })).toBe(2);
    await smtp.until(() => smtp.to(pia.email).filter(notVerification).length === 1 && smtp.to(SELLER_NOTIFY, ids[1]).length === 1);
  });

  it('a shopper who turned order progress mails off gets only the receipt (and can turn them on again)', async () => {
    const lata = await newShopper('Lata');
    expect((await lata.agent.get('/api/account/preferences').expect(200)).body).toMatchObject({
      success: true,
      preferences: { orderProgressEmails: true },
      mail: { enabled: true },
    });
    const off = await lata.agent.patch('/api/account/preferences').send({ orderProgressEmails: false }).expect(200);
    expect(off.body.preferences).toEqual({ orderProgressEmails: false });
    const order = await placeCod(lata, [{ product: milk, quantity: 1 }]);
    for (const status of ['Packing', 'Out for delivery', 'Delivered']) await move(order._id, status);
    await smtp.until(() => smtp.to(lata.email).filter(notVerification).length === 1);
    // The progress mails are recorded as skipped, not sent.
    await queued(t);
    const stored = await settled(t, { _id: { $regex: order._id } }, `the messages of order ${order._id}`);
    expect(stored.filter((m) => m.state === 'skipped')).toHaveLength(3);
    expect(
      smtp
        .to(lata.email)
        .filter(notVerification)
        .map((m) => m.outboxId),
    ).toEqual([`email:order-confirmation:${order._id}`]);
    expect((await lata.agent.patch('/api/account/preferences').send({ orderProgressEmails: true }).expect(200)).body.preferences).toEqual({
      orderProgressEmails: true,
    });
  });

  it('preferences: bad input is a 400, no session a 401, the seller has none', async () => {
    const s = await shopper(t, 'Nina');
    expect((await s.agent.patch('/api/account/preferences').send({}).expect(400)).body).toMatchObject({
      success: false,
      message: expect.stringContaining('orderProgressEmails'),
    });
    await s.agent.patch('/api/account/preferences').send({ orderProgressEmails: 'no' }).expect(400);
    await s.agent.patch('/api/account/preferences').send({ orderProgressEmails: false, extra: 1 }).expect(400);
    await t.http().get('/api/account/preferences').expect(401);
    await t.http().patch('/api/account/preferences').send({ orderProgressEmails: false }).expect(401);
    expect((await s.agent.get('/api/account/preferences').expect(200)).body.preferences).toEqual({ orderProgressEmails: true });
  });

  it('a message refused for good is listed for the seller with the reason, and sent once when sent again', async () => {
    const bounce = await newShopper('Bounce');
    smtp.refuse = (address) => address === bounce.email;
    const order = await placeCod(bounce, [{ product: milk, quantity: 1 }]);
    const id = `email:order-confirmation:${order._id}`;
    const seen = async () => ({ mailsToBounce: smtp.to(bounce.email).map((m) => m.outboxId), ...(await outboxReport([id])) });
    // Given up (the seller's page lists what `outbox_failed` holds; polled here, not over HTTP, which has a rate limit).
    await eventually(async () => (await givenUp([id])) === 1, `${id} gives up`, 30_000, seen);
    const listed = (await sellerAgent.get('/api/seller/notifications').expect(200)).body.failed as { id: string; reason: string }[];
    const failed = listed.find((m) => m.id === id)!;
    expect(failed).toMatchObject({
      to: bounce.email,
      orderNumber: order.orderNumber,
      subject: expect.stringContaining(order.orderNumber),
      kind: 'order-confirmation',
    });
    expect(failed.reason).toContain('No such mailbox here');
    expect(smtp.to(bounce.email).filter(notVerification)).toHaveLength(0);

    // Not for shoppers, nor without a session; a bad or unknown id is a clear 4xx.
    await bounce.agent.get('/api/seller/notifications').expect(403);
    await t.http().post('/api/seller/notifications/resend').send({ id }).expect(401);
    await sellerAgent.post('/api/seller/notifications/resend').send({ id: 'nope' }).expect(400);
    await sellerAgent.post('/api/seller/notifications/resend').send({ id: 'email:order-confirmation:000000000000000000000000' }).expect(404);
    const sentAlready = smtp.to(SELLER_NOTIFY)[0].outboxId;
    await sellerAgent.post('/api/seller/notifications/resend').send({ id: sentAlready }).expect(409);

    smtp.refuse = () => false;
    // Two clicks at once: still one mail.
    const clicks = await Promise.all([1, 2].map(() => sellerAgent.post('/api/seller/notifications/resend').send({ id })));
    expect(clicks.map((r) => r.status).sort()).toContain(200);
    await eventually(() => smtp.to(bounce.email).filter(notVerification).length >= 1, `${id} arrives when sent again`, 30_000, seen);
    // Sent and done, its own due marker gone: no second send can follow (however many clicks were answered).
    await settled(t, { _id: id }, id);
    await eventually(
      async () => (await t.connection.collection('outbox_due').countDocuments({ _id: id as never })) === 0,
      `${id}'s due marker is gone`,
      30_000,
      seen,
    );
    expect((await stateOf([id])).map((m) => m.state)).toEqual(['sent']);
    expect(smtp.to(bounce.email).filter(notVerification)).toHaveLength(1);
    expect((await sellerAgent.get('/api/seller/notifications').expect(200)).body.failed.some((m: { id: string }) => m.id === id)).toBe(false);
  });

  it('"send all again" sends every message that gave up', async () => {
    const shoppers = await Promise.all([newShopper('Pia'), newShopper('Raj')]);
    const refused = new Set(shoppers.map((s) => s.email));
    smtp.refuse = (address) => refused.has(address);
    const orders: string[] = [];
    for (const s of shoppers) orders.push((await placeCod(s, [{ product: milk, quantity: 1 }]))._id);
    const ids = orders.map((order) => `email:order-confirmation:${order}`);
    // Per shopper: the mails that arrived (bar the verification link); the receipts in the outbox; what the seller's page lists.
    let resent: unknown = 'not yet';
    const seen = async () => {
      const listed = (await sellerAgent.get('/api/seller/notifications')).body.failed as { id: string; to: string | null; reason: string }[] | undefined;
      return {
        mails: Object.fromEntries(shoppers.map((s) => [s.email, smtp.to(s.email).filter(notVerification).length])),
        resent,
        listed: (listed ?? []).map((m) => `${m.id} to ${m.to}: ${m.reason}`),
        ...(await outboxReport(ids)),
      };
    };
    // Each shopper's receipt itself refused and given up (a refused verification link, also listed, is not enough).
    await eventually(async () => (await givenUp(ids)) === ids.length, 'both receipts give up', 30_000, seen);
    const listed = (await sellerAgent.get('/api/seller/notifications').expect(200)).body.failed as { id: string }[];
    expect(ids.every((id) => listed.some((m) => m.id === id))).toBe(true);
    smtp.refuse = () => false;
    const res = await sellerAgent.post('/api/seller/notifications/resend-all').expect(200);
    resent = res.body;
    expect(res.body.count).toBeGreaterThanOrEqual(2);
    await eventually(
      () => shoppers.every((s) => smtp.to(s.email).filter(notVerification).length >= 1),
      'each shopper’s receipt arrives, sent again',
      30_000,
      seen,
    );
    expect((await settled(t, { _id: { $in: ids } }, 'the two receipts')).map((m) => m.state)).toEqual(['sent', 'sent']);
    for (const s of shoppers)
      expect(
        smtp
          .to(s.email)
          .filter(notVerification)
          .map((m) => m.outboxId),
      ).toEqual([ids[shoppers.indexOf(s)]]);
  });

  it('SMTP down for a while: orders still answer, every mail arrives once it is back, exactly once', async () => {
    await smtp.down();
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => newShopper(`Down${i}`)));
    const before = smtp.mails.filter(notVerification).length;
    const orders = await Promise.all(people.flatMap((p) => [placeCod(p, [{ product: milk, quantity: 1 }]), placeCod(p, [{ product: apple, quantity: 1 }])]));
    expect(orders).toHaveLength(8);
    await queued(t);
    // The outbox holds them; health says the mail server is away once a send was tried.
    const outbox = t.connection.collection('outbox');
    expect(await outbox.countDocuments({ _id: { $in: orders.map((o) => `email:order-confirmation:${o._id}`) } as never, state: 'pending' })).toBe(8);
    // What waits is listed by one due marker per write of the outbox (orders placed together share one).
    const due = t.connection.collection('outbox_due');
    // (The new accounts' verification links wait too, under markers of their own.)
    const markers = (await due.find().toArray()).filter(
      (m) => !((m.ids as string[] | undefined) ?? [String(m._id)]).every((id) => id.startsWith(VERIFICATION_MAIL)),
    );
    const waiting = orders.flatMap((o) => [`email:order-confirmation:${o._id}`, `email:seller-new-order:${o._id}`]);
    expect(markers.flatMap((m) => (m.ids as string[] | undefined) ?? [String(m._id)])).toEqual(expect.arrayContaining(waiting));
    expect(markers.length).toBeLessThanOrEqual(orders.length);
    // Health says what this instance's worker found (polled here, not over HTTP, which has a rate limit).
    const { OutboxWorker } = await import('../src/notifications/outbox/outbox-worker');
    const worker = t.app.get(OutboxWorker);
    await eventually(
      () => worker.status().serverDown,
      'a send finds the mail server away',
      30_000,
      () => worker.status(),
    );
    expect((await t.http().get('/api/health').expect(200)).body.mail).toMatchObject({ status: 'server-unreachable', waiting: expect.any(Number) });
    // A send was tried and found the server away (health says so): the messages still wait, none lost or given up.
    const receipts = orders.map((o) => `email:order-confirmation:${o._id}`);
    expect(await outbox.countDocuments({ _id: { $in: receipts } as never, state: 'pending' })).toBe(8);
    expect(smtp.mails.filter(notVerification).length).toBe(before);

    await smtp.up();
    const expected = orders.flatMap((o) => [`email:order-confirmation:${o._id}`, `email:seller-new-order:${o._id}`]);
    await smtp.until(() => expected.every((id) => (smtp.counts().get(id) ?? 0) >= 1), 30_000, 'the mails held during the outage');
    // Every one of them finished (a sent message is not sent again), and every message of every marker: the markers are gone.
    const stored = await settled(t, { _id: { $in: expected } }, 'the mails held during the outage');
    expect(stored.filter((m) => m.state === 'sent')).toHaveLength(expected.length);
    await eventually(
      async () => (await due.countDocuments({})) === 0,
      'every due marker is gone',
      30_000,
      async () => await due.find().toArray(),
    );
    for (const id of expected) expect(smtp.counts().get(id)).toBe(1);
    expect((await t.http().get('/api/health').expect(200)).body.mail.status).toBe('on');
  }, 90_000);

  it('every mail sent so far arrived exactly once', () => {
    const doubled = [...smtp.counts()].filter(([, n]) => n > 1);
    expect(doubled).toEqual([]);
  });
});

describe('a shop stopping while its mails are on the wire', () => {
  it('writes their outcome before its database connection closes: sent once, nothing left waiting for the next start', async () => {
    const smtp = await new SmtpCatcher().up();
    // The server has each mail and holds its answer: the shop is told to stop meanwhile.
    smtp.answerDelayMs = 1_000;
    const database = `t_outbox_stop_${randomBytes(3).toString('hex')}`;
    const t = await createTestApp({ ...AUTH_ENV, SMTP_URL: smtp.url, SELLER_NOTIFY_EMAIL: SELLER_NOTIFY, COOKIE_SECURE: 'false' }, { database });
    let orderId: string;
    try {
      const [apple] = await insertProducts(t, [{ name: 'Apple', offerPrice: 100 }]);
      const s = await shopper(t, 'Stopping');
      const address = (await s.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
      const placed = await s.agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items: [{ product: apple, quantity: 1 }] })
        .expect(201);
      orderId = placed.body.order._id as string;
      await smtp.until(() => smtp.mails.filter(notVerification).length === 2);
    } finally {
      await t.app.close();
      await smtp.down();
    }
    const { MongoClient } = await import('mongodb');
    const client = await MongoClient.connect(`${process.env.TEST_MONGODB_BASE_URI}${database}`);
    try {
      const db = client.db();
      const ids = [`email:order-confirmation:${orderId}`, `email:seller-new-order:${orderId}`];
      const stored = await db
        .collection('outbox')
        .find({ _id: { $in: ids } as never })
        .toArray();
      expect(stored.map((m) => [m._id, m.state])).toEqual(expect.arrayContaining(ids.map((id) => [id, 'sent'])));
      expect(await db.collection('outbox_due').countDocuments({})).toBe(0);
      expect(
        smtp.mails
          .filter(notVerification)
          .map((m) => m.outboxId)
          .sort(),
      ).toEqual([...ids].sort());
    } finally {
      await client.db().dropDatabase();
      await client.close();
    }
  });
});

describe('forgot password', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().up();
    t = await createTestApp({
      ...AUTH_ENV,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://shop.greencart.test',
      COOKIE_SECURE: 'false',
      OUTBOX_RETRY_MS: '200',
      // Many resets from 127.0.0.1 here; the limit has its own test below.
      LOGIN_THROTTLE_LIMIT: '1000',
    });
    // The answer comes before the work (so it takes as long for any email): the work, kept to wait for.
    const { PasswordResetService } = await import('../src/auth/password-reset.service');
    const resets = t.app.get(PasswordResetService);
    const request = resets.request.bind(resets);
    jest.spyOn(resets, 'request').mockImplementation((email: string) => {
      const work = request(email);
      requests.push(work.catch(() => undefined));
      return work;
    });
  });
  afterAll(async () => {
    await smtp.down();
    await t?.close();
  });

  const requests: Promise<void>[] = [];
  /** Every "forgot password" asked so far has done its work, and the mails it published are queued. */
  async function requestsDone(): Promise<void> {
    await Promise.all(requests);
    await queued(t);
  }
  /** The password-reset messages in the outbox, once each has finished. */
  async function resetMessages(): Promise<Stored[]> {
    await requestsDone();
    return settled(t, { kind: 'password-reset' }, 'the password-reset mails');
  }

  const linkIn = (text: string) => /https:\/\/shop\.greencart\.test\/reset-password#token=([\w.-]+)/.exec(text)?.[1];

  it('answers the same for an unknown email and a known one; only the known one gets a link', async () => {
    const asha = await shopper(t, 'Asha');
    const unknown = await t.http().post('/api/password/forgot').send({ email: 'nobody-here@example.com' }).expect(200);
    const known = await t.http().post('/api/password/forgot').send({ email: asha.email.toUpperCase() }).expect(200);
    expect(unknown.body.message.replace('nobody-here@example.com', 'X')).toBe(known.body.message.replace(asha.email, 'X'));
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    await smtp.until(() => smtp.to(asha.email).filter(notVerification).length === 1);
    // Both requests' work done: one message, Asha's, and it was sent (none for the unknown address).
    expect((await resetMessages()).map((m) => [m._id.startsWith(`email:password-reset:${asha.id}:`), m.state])).toEqual([[true, 'sent']]);
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
    const mail = smtp.to(asha.email).filter(notVerification)[0];
    expect(mail.subject).toBe('Reset your GreenCart password');
    expect(linkIn(mail.text)).toBeDefined();
    expect(linkIn(mail.html.replace(/&#61;/g, '='))).toBeDefined();
  });

  it('the link works once: new password set, every other session ended, this browser signed in', async () => {
    const ravi = await shopper(t, 'Ravi');
    await ravi.agent.get('/api/isAuth').expect(200);
    await t.http().post('/api/password/forgot').send({ email: ravi.email }).expect(200);
    await smtp.until(() => smtp.to(ravi.email).filter(notVerification).length === 1);
    // Asked again within two minutes: no second mail (the first link stands).
    await t.http().post('/api/password/forgot').send({ email: ravi.email }).expect(200);
    const token = linkIn(smtp.to(ravi.email).filter(notVerification)[0].text)!;
    expect((await t.http().post('/api/password/reset/check').send({ token }).expect(200)).body).toEqual({ success: true, email: ravi.email });
    // Same rules as registering.
    expect((await t.http().post('/api/password/reset').send({ token, password: 'short' }).expect(400)).body.message).toBe(
      'Password must be at least 8 characters',
    );

    const browser = request.agent(t.app.getHttpServer());
    const done = await browser.post('/api/password/reset').send({ token, password: 'a-brand-new-password' }).expect(200);
    expect(done.body).toMatchObject({ success: true, userData: { email: ravi.email } });
    await browser.get('/api/isAuth').expect(200);
    // The session from before the reset is over; the old password no longer works, the new one does.
    await ravi.agent.get('/api/isAuth').expect(401);
    await t.http().post('/api/login').send({ email: ravi.email, password: 'correct-horse-battery' }).expect(401);
    await t.http().post('/api/login').send({ email: ravi.email, password: 'a-brand-new-password' }).expect(200);
    // Used: refused, twice over (and for checking too).
    for (const [path, body] of [
      ['/api/password/reset', { token, password: 'another-new-password' }],
      ['/api/password/reset/check', { token }],
    ] as const) {
      const again = await t.http().post(path).send(body).expect(400);
      expect(again.body.message).toContain('was used already');
    }
    // Both requests' work done: Ravi's one message (the second request made the same one) was sent, once.
    const toRavi = (await resetMessages()).filter((m) => m._id.startsWith(`email:password-reset:${ravi.id}:`));
    expect(toRavi.map((m) => m.state)).toEqual(['sent']);
    expect(smtp.to(ravi.email).filter(notVerification)).toHaveLength(1);
  });

  it('the same link sent twice at once sets the password once', async () => {
    const gita = await shopper(t, 'Gita');
    await t.http().post('/api/password/forgot').send({ email: gita.email }).expect(200);
    await smtp.until(() => smtp.to(gita.email).filter(notVerification).length === 1);
    const token = linkIn(smtp.to(gita.email).filter(notVerification)[0].text)!;
    const results = await Promise.all(
      ['first-new-password', 'second-new-password'].map((password) => t.http().post('/api/password/reset').send({ token, password })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('an expired link, a forged one and a missing one are refused with a clear message', async () => {
    const meera = await shopper(t, 'Meera');
    const { JwtService } = await import('@nestjs/jwt');
    const jwt = t.app.get(JwtService);
    // Signed as expired a minute ago (rather than waiting for a fresh one to expire).
    const expired = await jwt.signAsync(
      { sub: meera.id, jti: 'expired-link-id', pwd: 'x', exp: Math.floor(Date.now() / 1000) - 60 },
      { audience: 'greencart:password-reset', issuer: 'greencart' },
    );
    expect((await t.http().post('/api/password/reset').send({ token: expired, password: 'a-brand-new-password' }).expect(400)).body.message).toContain(
      'has expired',
    );
    // A session token is not a reset link (another audience), nor is anything made up.
    const session = await jwt.signAsync(
      { sub: meera.id, role: 'shopper', sid: 'x', sv: 0 },
      { audience: 'greencart:shopper', issuer: 'greencart', expiresIn: 60 },
    );
    for (const token of [session, 'not-a-token', `${expired.slice(0, -4)}AAAA`]) {
      expect((await t.http().post('/api/password/reset').send({ token, password: 'a-brand-new-password' }).expect(400)).body.message).toContain('not valid');
    }
    await t.http().post('/api/password/reset').send({ password: 'a-brand-new-password' }).expect(400);
    await t.http().post('/api/password/forgot').send({ email: 'not an email' }).expect(400);
    await t.http().post('/api/password/forgot').send({}).expect(400);
    await t.http().post('/api/login').send({ email: meera.email, password: 'correct-horse-battery' }).expect(200);
  });
});

describe('forgot password is rate-limited like sign-in', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().up();
    delete process.env.PUBLIC_URL;
    t = await createTestApp({ ...AUTH_ENV, SMTP_URL: smtp.url, COOKIE_SECURE: 'false', LOGIN_THROTTLE_LIMIT: '3' });
  });
  afterAll(async () => {
    await smtp.down();
    await t?.close();
  });

  it('the fourth request for one email from one address within the window is 429', async () => {
    for (let i = 0; i < 3; i++) await t.http().post('/api/password/forgot').send({ email: 'someone@example.com' }).expect(200);
    const limited = await t.http().post('/api/password/forgot').send({ email: 'someone@example.com' }).expect(429);
    expect(limited.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('mail off', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Settings of the suites above stay in process.env (createTestApp adds to it): this app has no SMTP_URL.
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SELLER_NOTIFY_EMAIL', 'PUBLIC_URL', 'COOKIE_SECURE']) delete process.env[name];
    t = await createTestApp(AUTH_ENV);
  });
  afterAll(() => t?.close());

  it('says why in /api/health and to the seller, and queues nothing', async () => {
    const health = await t.http().get('/api/health').expect(200);
    expect(health.body.mail).toEqual({ status: 'off', reason: expect.stringContaining('SMTP_URL is not set') });
    const s = await shopper(t, 'Uma');
    const address = (await s.agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    const [milk] = await insertProducts(t, [{ name: 'Milk', offerPrice: 30 }]);
    await s.agent
      .post('/api/placeorders')
      .send({ address, items: [{ product: milk, quantity: 1 }] })
      .expect(201);
    await queued(t);
    expect(await t.connection.collection('outbox').countDocuments({})).toBe(0);
    const sellerView = await (await seller(t)).get('/api/seller/notifications').expect(200);
    expect(sellerView.body).toMatchObject({ mail: { enabled: false, reason: expect.stringContaining('SMTP_URL') }, failed: [] });
    // The forgot-password answer stays the same (nothing tells whether mail is on or an account exists).
    await t.http().post('/api/password/forgot').send({ email: s.email }).expect(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('two instances on one database and Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let smtp: SmtpCatcher;
  let milk: string;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().up();
    for (const name of ['PUBLIC_URL', 'COOKIE_SECURE', 'SELLER_NOTIFY_EMAIL']) delete process.env[name];
  });
  afterAll(() => smtp.down());
  // Each instance sweeps every 150 ms and adopts whatever is overdue by that much: both instances
  // reach for the same messages all the time, which the claims must settle.
  const apps = twoInstances('mail', redisUrl, () => ({ SMTP_URL: smtp.url, OUTBOX_RETRY_MS: '100', OUTBOX_SWEEP_MS: '150' }), { listening: [] });
  beforeAll(async () => {
    ({ one, two } = apps);
    [milk] = await insertProducts(one, [{ name: 'Milk', offerPrice: 30 }]);
  });

  async function shopperOn(app: TestApp, name: string) {
    const agent = request.agent(app.app.getHttpServer());
    const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await agent.post('/api/register').send({ firstName: name, email, password: 'correct-horse-battery' }).expect(201);
    await verifyEmail(app, registered.body.userData._id, email);
    const address = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
    return { agent, email, address };
  }

  it('many orders at once on both instances, with the mail server away for a while in the middle: every mail exactly once', async () => {
    const shoppers = await Promise.all(Array.from({ length: 24 }, (_, i) => shopperOn(i % 2 ? two : one, `Twin${i}`)));
    const place = (s: (typeof shoppers)[number]) =>
      s.agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: s.address, items: [{ product: milk, quantity: 1 }] })
        .expect(201)
        .then((res) => res.body.order._id as string);
    const first = await Promise.all(shoppers.slice(0, 12).map(place));
    await smtp.down();
    const second = await Promise.all(shoppers.slice(12).map(place));
    // Away until a send of the second half found it away.
    const { OutboxWorker } = await import('../src/notifications/outbox/outbox-worker');
    const workers = [one, two].map((app) => app.app.get(OutboxWorker));
    await eventually(
      () => workers.some((worker) => worker.status().serverDown),
      'an instance finds the mail server away',
      30_000,
      () => workers.map((worker) => worker.status()),
    );
    await smtp.up();
    const orders = [...first, ...second];
    const expected = orders.flatMap((id) => [`email:order-confirmation:${id}`, `email:seller-new-order:${id}`]);
    await smtp.until(() => expected.every((id) => (smtp.counts().get(id) ?? 0) >= 1), 60_000, 'every order’s two mails');
    // Both instances keep sweeping meanwhile: nothing arrives a second time. Every message finished and every
    // due marker gone, no instance has anything left to send.
    const stored = await settled(one, { _id: { $in: expected } }, 'every order’s two mails');
    expect(stored.filter((m) => m.state === 'sent')).toHaveLength(expected.length);
    const due = one.connection.collection('outbox_due');
    await eventually(
      async () => (await due.countDocuments({})) === 0,
      'every due marker is gone',
      30_000,
      async () => await due.find().toArray(),
    );
    const doubled = expected.filter((id) => smtp.counts().get(id) !== 1);
    expect(doubled).toEqual([]);
    expect(smtp.mails.filter(notVerification)).toHaveLength(expected.length);
    expect(await one.connection.collection('outbox').countDocuments({ _id: { $in: expected } as never, state: 'sent' })).toBe(expected.length);
    // The instances did reach for the same attempts (and the claims settled who sent).
    const contended = workers[0].status().claimedElsewhere + workers[1].status().claimedElsewhere;
    expect(contended).toBeGreaterThan(0);
  }, 120_000);

  it('a shopper cancels on one instance, asks again on the other, and the event is heard twice: the seller gets one mail', async () => {
    const { EventEmitter2 } = await import('@nestjs/event-emitter');
    const { ORDER_STATUS_CHANGED } = await import('../src/orders/order.events');
    const s = await shopperOn(one, 'Undo');
    const orderId = (
      await s.agent
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: s.address, items: [{ product: milk, quantity: 1 }] })
        .expect(201)
    ).body.order._id as string;
    let heard: unknown;
    one.app.get(EventEmitter2).once(ORDER_STATUS_CHANGED, (event: unknown) => (heard = event));
    const onTwo = request.agent(two.app.getHttpServer());
    await onTwo.post('/api/login').send({ email: s.email, password: 'correct-horse-battery' }).expect(200);
    const answers = await Promise.all([s.agent.post(`/api/orders/${orderId}/cancel`), onTwo.post(`/api/orders/${orderId}/cancel`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await queued(one);
    await queued(two);
    // The same event again, on the other instance (a redelivery): nothing new is queued.
    if (heard) two.app.get(EventEmitter2).emit(ORDER_STATUS_CHANGED, heard);
    await queued(two);
    const id = `email:seller-order-cancelled:${orderId}`;
    await smtp.until(() => (smtp.counts().get(id) ?? 0) >= 1, 30_000, 'the cancellation mail');
    const outbox = one.connection.collection('outbox');
    expect(await outbox.countDocuments({ _id: { $regex: `^email:seller-order-cancelled:${orderId}` } as never })).toBe(1);
    // Once the outbox says sent, no instance sends it again.
    expect((await settled(one, { _id: id }, id)).map((m) => m.state)).toEqual(['sent']);
    expect(smtp.counts().get(id)).toBe(1);
  }, 60_000);
});
