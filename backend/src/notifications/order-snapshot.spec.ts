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
