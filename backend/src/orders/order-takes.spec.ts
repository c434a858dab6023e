import { Types } from 'mongoose';
import { runSteps } from '../common/steps/steps';
import type { QuotedSlot } from '../delivery/slots/delivery-slots.service';
import type { QuotedCoupon } from './order-coupons';
import { confirmTakes, giveBackStored, holdSteps, OrderTakes, releaseHolds, takenByOrder, takeSteps, type CountedThings, type ToTake } from './order-takes';
import type { OrderItem } from './schemas/order.schema';

const apple = new Types.ObjectId();
const pear = new Types.ObjectId();
const items = [
  { product: apple, quantity: 2, variant: 'kg' },
  { product: pear, quantity: 1 },
] as unknown as OrderItem[];
const coupon: QuotedCoupon = { couponId: 'c1', code: 'SAVE', discountPaise: 500 };
const slot: QuotedSlot = { id: '2026-12-03T07:00', date: '2026-12-03', start: '07:00', end: '09:00' };
const lines = [
  { productId: String(apple), variantId: 'kg', quantity: 2 },
  { productId: String(pear), quantity: 1 },
];

/** Counted things that record each call, refusing the one named in `refuse`; `took: false` answers "already taken by this ref". */
function counted(log: unknown[][], { refuse = '', took = true } = {}): CountedThings {
  const call =
    (name: string, answer: unknown = undefined) =>
    (...args: unknown[]) => {
      log.push([name, ...args]);
      return name === refuse ? Promise.reject(new Error(`${name} refused`)) : Promise.resolve(answer);
    };
  return {
    stock: {
      take: call('stock.take', lines) as CountedThings['stock']['take'],
      untake: call('stock.untake') as CountedThings['stock']['untake'],
      hold: call('stock.hold') as CountedThings['stock']['hold'],
      release: call('stock.release') as CountedThings['stock']['release'],
      giveBack: call('stock.giveBack') as CountedThings['stock']['giveBack'],
      confirm: (...args) => void log.push(['stock.confirm', ...args]),
    },
    coupons: {
      take: call('coupons.take', took) as CountedThings['coupons']['take'],
      giveBack: call('coupons.giveBack') as CountedThings['coupons']['giveBack'],
    },
    slots: {
      take: call('slots.take', took) as CountedThings['slots']['take'],
      giveBack: call('slots.giveBack') as CountedThings['slots']['giveBack'],
      confirm: (...args) => void log.push(['slots.confirm', ...args]),
    },
  };
}

const plain: ToTake = { userId: 'u1', items };
const full: ToTake = { userId: 'u1', items, coupon, slot };

describe('what an order takes (order-takes)', () => {
  it('an order without coupon or slot takes its units only', () => {
    expect(takeSteps(counted([]), plain, 'order:1').map((s) => s.name)).toEqual(['take the units']);
  });

  it('an order with a coupon and a slot takes units, then the coupon use, then the slot place', () => {
    expect(takeSteps(counted([]), full, 'order:1').map((s) => s.name)).toEqual(['take the units', 'take the coupon use', 'take the slot place']);
    expect(takeSteps(counted([]), { ...plain, slot }, 'order:1').map((s) => s.name)).toEqual(['take the units', 'take the slot place']);
  });

  it('takes each for the order’s ref, out of the checkout’s hold', async () => {
    const log: unknown[][] = [];
    await runSteps(takeSteps(counted(log), full, 'order:1', 'checkout:9'));
    expect(log).toEqual([
      ['stock.take', 'order:1', lines, { fromHold: 'checkout:9' }],
      ['coupons.take', 'u1', coupon, 'order:1', { fromHold: 'checkout:9' }],
      ['slots.take', slot, 'order:1', { fromHold: 'checkout:9' }],
    ]);
  });

  it('a later step failing gives back what was taken, last first, with what the units step took', async () => {
    const log: unknown[][] = [];
    const c = counted(log);
    await expect(runSteps([...takeSteps(c, full, 'order:1'), { name: 'store the order', run: () => Promise.reject(new Error('refused')) }])).rejects.toThrow(
      'refused',
    );
    expect(log.slice(3)).toEqual([
      ['slots.giveBack', slot, 'order:1'],
      ['coupons.giveBack', 'u1', coupon, 'order:1'],
      ['stock.untake', 'order:1', lines],
    ]);
  });

  it('a coupon use or slot place this call did not take (already the ref’s) is not given back on undo', async () => {
    const log: unknown[][] = [];
    await expect(
      runSteps([...takeSteps(counted(log, { took: false }), full, 'order:1'), { name: 'store', run: () => Promise.reject(new Error('no')) }]),
    ).rejects.toThrow('no');
    expect(log.map(([name]) => name)).toEqual(['stock.take', 'coupons.take', 'slots.take', 'stock.untake']);
  });

  it('the slot refusing gives back the coupon use and the units', async () => {
    const log: unknown[][] = [];
    await expect(runSteps(takeSteps(counted(log, { refuse: 'slots.take' }), full, 'order:1'))).rejects.toThrow('slots.take refused');
    expect(log.map(([name]) => name)).toEqual(['stock.take', 'coupons.take', 'slots.take', 'coupons.giveBack', 'stock.untake']);
  });

  it('a stored order confirms its units and its slot place', () => {
    const log: unknown[][] = [];
    confirmTakes(counted(log), full, 'order:1');
    expect(log).toEqual([
      ['stock.confirm', 'order:1', [String(apple), String(pear)]],
      ['slots.confirm', slot, 'order:1'],
    ]);
  });
});

describe('what a checkout holds (order-takes)', () => {
  const until = new Date('2026-12-02T15:00:00Z');

  it('holds units, the coupon use and the slot place until the deadline, and releases them last first', async () => {
    const log: unknown[][] = [];
    const c = counted(log);
    const steps = holdSteps(c, full, 'checkout:9', until);
    expect(steps.map((s) => s.name)).toEqual(['hold the units', 'hold the coupon use', 'hold the slot place']);
    await expect(runSteps([...steps, { name: 'open the Razorpay order', run: () => Promise.reject(new Error('502')) }])).rejects.toThrow('502');
    expect(log).toEqual([
      ['stock.hold', 'checkout:9', lines, until],
      ['coupons.take', 'u1', coupon, 'checkout:9', { until }],
      ['slots.take', slot, 'checkout:9', { until }],
      ['slots.giveBack', slot, 'checkout:9'],
      ['coupons.giveBack', 'u1', coupon, 'checkout:9'],
      ['stock.release', 'checkout:9', [String(apple), String(pear)]],
    ]);
  });

  it('a failed payment releases every hold at once, in the order they were taken', async () => {
    const log: unknown[][] = [];
    await releaseHolds(counted(log), full, 'checkout:9');
    expect(log).toEqual([
      ['stock.release', 'checkout:9', [String(apple), String(pear)]],
      ['coupons.giveBack', 'u1', coupon, 'checkout:9'],
      ['slots.giveBack', slot, 'checkout:9'],
    ]);
    const plainLog: unknown[][] = [];
    await releaseHolds(counted(plainLog), plain, 'checkout:9');
    expect(plainLog.map(([name]) => name)).toEqual(['stock.release']);
  });
});

describe('what a cancelled order gives back (order-takes)', () => {
  it('its units as a return (by order id), its coupon use and its slot place (by `order:<id>`)', async () => {
    const orderId = new Types.ObjectId();
    const couponId = new Types.ObjectId();
    const stored = takenByOrder({
      user: new Types.ObjectId('64b000000000000000000001'),
      items,
      coupon: { code: 'SAVE', couponId, discountPaise: 500 },
      deliverySlot: { date: slot.date, start: slot.start, end: slot.end },
    });
    const log: unknown[][] = [];
    await giveBackStored(counted(log), stored, String(orderId));
    expect(log).toEqual([
      ['stock.giveBack', String(orderId), lines],
      ['coupons.giveBack', '64b000000000000000000001', { couponId: String(couponId), discountPaise: 500 }, `order:${String(orderId)}`],
      ['slots.giveBack', { date: slot.date, start: slot.start, end: slot.end }, `order:${String(orderId)}`],
    ]);
  });

  it('an order without coupon or slot gives back its units only', async () => {
    const log: unknown[][] = [];
    await giveBackStored(counted(log), takenByOrder({ user: new Types.ObjectId(), items }), 'o1');
    expect(log.map(([name]) => name)).toEqual(['stock.giveBack']);
  });
});

describe('what a packing change gives back (order-takes)', () => {
  it('its units packed fewer go back as a return of the change, by `<order>:adj:<key>`', async () => {
    const log: unknown[][] = [];
    const c = counted(log);
    const takes = new OrderTakes(c.stock as never, c.coupons as never, c.slots as never);
    await takes.giveBackChange('o1', 'k1', lines);
    expect(log).toEqual([['stock.giveBack', 'o1:adj:k1', lines]]);
  });
});
