import { orderStatusPush, sellerNewOrderPush } from './push-messages';
import type { OrderSnapshot } from '../mail/templates';

describe('push texts name the delivery slot (issue 41)', () => {
  const order = { orderId: 'o1', orderNumber: 'GC-1001', deliverySlot: 'Sun 29 Nov, 07:00–09:00' };

  it('the shopper’s packing and out-for-delivery pushes say the slot; an express order’s do not', () => {
    expect(orderStatusPush(order, 'Packing')?.body).toBe('We are packing your order. Delivery slot: Sun 29 Nov, 07:00–09:00.');
    expect(orderStatusPush(order, 'Out for delivery')?.body).toBe('Your order is on its way. Delivery slot: Sun 29 Nov, 07:00–09:00.');
    expect(orderStatusPush({ orderId: 'o1', orderNumber: 'GC-1001' }, 'Packing')?.body).toBe('We are packing your order.');
  });

  it('the seller’s new-order push says the slot', () => {
    const snapshot = { ...order, items: [{ name: 'Atta', quantity: 2, pricePaise: 100 }], amountPaise: 204, paymentType: 'COD' } as unknown as OrderSnapshot;
    expect(sellerNewOrderPush(snapshot).body).toBe('2 items · ₹2.04 · Cash on delivery · Slot Sun 29 Nov, 07:00–09:00');
  });
});
