import { priceCart } from '@greencart/domain';
import { Types } from 'mongoose';
import type { OrderRecord } from '../orders/order-record';
import { renderMail } from './mail/templates';
import { orderSnapshot } from './notification-listeners';
import { sellerNewOrderPush } from './push/push-messages';

const order = {
  _id: new Types.ObjectId('665f1c2e9b1d8c00000000aa'),
  orderNumber: 'GC-1001',
  status: 'Order Placed',
  createdAt: new Date('2026-11-27T10:00:00.000Z'),
  items: [
    { product: new Types.ObjectId(), name: 'Whole Wheat Atta', quantity: 2, offerPrice: 249, offerPricePaise: 24_900, variant: 'v1', label: '5 kg' },
    { product: new Types.ObjectId(), name: 'Toned Milk 1 L', quantity: 1, offerPrice: 56, offerPricePaise: 5_600, variant: 'v2', label: '1 L' },
    { product: new Types.ObjectId(), name: 'Desi Tomatoes', quantity: 1, offerPrice: 39.5, offerPricePaise: 3_950 },
  ],
  subtotalPaise: 59_350,
  taxPaise: 1_187,
  amountPaise: 60_537,
  paymentType: 'COD',
  paymentStatus: 'pending',
} as unknown as OrderRecord;

const ctx = { shopName: 'GreenCart', publicUrl: 'https://shop.test', shopEmail: 'hello@shop.test', shopPhone: '+91 98765 43210' };

describe('what mails and pushes say about an order’s lines', () => {
  it('names each line with its pack size, once, and an order from before pack sizes as it was', () => {
    expect(orderSnapshot(order).items.map((item) => item.name)).toEqual(['Whole Wheat Atta 5 kg', 'Toned Milk 1 L', 'Desi Tomatoes']);
  });

  it('the receipt and the seller’s new-order mail show the size in both parts', () => {
    for (const kind of ['order-confirmation', 'seller-new-order'] as const) {
      const mail = renderMail(kind, { order: orderSnapshot(order) }, ctx);
      expect(mail.text).toContain('2 × Whole Wheat Atta 5 kg  ₹498.00');
      expect(mail.html).toContain('Whole Wheat Atta 5 kg <span');
      expect(mail.text).not.toContain('Toned Milk 1 L 1 L');
    }
  });

  it('the seller’s push counts units across sizes', () => {
    expect(sellerNewOrderPush(orderSnapshot(order)).body).toBe('4 items · ₹605.37 · Cash on delivery');
  });
});

describe('what mails say about a coupon’s discount', () => {
  // FLAT50 on ₹593.50 of items: tax on ₹543.50 (₹10.87), total ₹554.37.
  const price = priceCart(
    [
      { offerPrice: 249, quantity: 2 },
      { offerPrice: 56, quantity: 1 },
      { offerPrice: 39.5, quantity: 1 },
    ],
    null,
    { kind: 'flat', value: 50 },
  );
  const discounted = {
    ...order,
    discountPaise: price.discountPaise,
    coupon: { code: 'FLAT50', couponId: new Types.ObjectId(), discountPaise: price.discountPaise },
    taxPaise: price.taxPaise,
    amountPaise: price.totalPaise,
  } as unknown as OrderRecord;

  it('the money rule of the order used here, to the paisa', () => {
    expect(price).toEqual({ subtotalPaise: 59_350, discountPaise: 5_000, taxPaise: 1_087, shippingPaise: 0, totalPaise: 55_437 });
  });

  it('the snapshot carries the discount and the code; an order without a coupon (or from before coupons) has none', () => {
    expect(orderSnapshot(discounted)).toMatchObject({
      subtotalPaise: 59_350,
      discountPaise: 5_000,
      couponCode: 'FLAT50',
      taxPaise: 1_087,
      amountPaise: 55_437,
    });
    expect(orderSnapshot(order)).not.toHaveProperty('discountPaise');
    expect(orderSnapshot(order)).not.toHaveProperty('couponCode');
    expect(orderSnapshot({ ...order, discountPaise: 0 } as OrderRecord)).not.toHaveProperty('discountPaise');
  });

  it('the receipt and the seller’s new-order mail show “Coupon FLAT50 −₹50.00” between the items and the tax, in both parts', () => {
    for (const kind of ['order-confirmation', 'seller-new-order'] as const) {
      const mail = renderMail(kind, { order: orderSnapshot(discounted) }, ctx);
      expect(mail.text).toContain('Items: ₹593.50\nCoupon FLAT50: −₹50.00\nTax (2%): ₹10.87\nDelivery: Free\nTotal: ₹554.37');
      const shown = mail.html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');
      expect(shown).toContain('|Items|₹593.50|Coupon FLAT50|−₹50.00|Tax (2%)|₹10.87|Delivery|Free|Total|₹554.37|');
    }
    // The seller is told to collect the discounted total.
    expect(renderMail('seller-new-order', { order: orderSnapshot(discounted) }, ctx).text).toContain('Collect ₹554.37 in cash');
  });

  it('without a discount (or a mail queued before coupons) the bill is as before, with no coupon row', () => {
    const mail = renderMail('order-confirmation', { order: orderSnapshot(order) }, ctx);
    expect(mail.text).toContain('Items: ₹593.50\nTax (2%): ₹11.87\nDelivery: Free\nTotal: ₹605.37');
    expect(mail.text).not.toContain('Coupon');
  });
});
