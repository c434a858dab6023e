import { renderMail, typed, type MailContext, type MailKind, type OrderSnapshot } from './templates';

/** What common auto-linkers (Gmail, Outlook, Apple Mail, linkify) turn into a link: a scheme, www., or a dotted host name. */
const LINK_LIKE = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.[a-z0-9-]|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|example|ly|in|io|net|org)\b)/i;
const ZWSP = /\u200b/g;

const ctx: MailContext = {
  shopName: 'GreenCart',
  publicUrl: 'https://shop.test',
  shopEmail: 'hello@shop.test',
  shopPhone: '+91 98765 43210',
  firstName: 'www.win-a-prize.example',
};
const order: OrderSnapshot = {
  orderId: 'o1',
  orderNumber: 'GC-1001',
  status: 'Out for delivery',
  placedAt: '2026-11-27T10:00:00.000Z',
  deliverBy: '2026-11-27T10:30:00.000Z',
  items: [{ name: 'Alphonso Mango', quantity: 2, pricePaise: 12_000 }],
  subtotalPaise: 24_000,
  taxPaise: 1_200,
  deliveryFeePaise: 0,
  amountPaise: 25_200,
  paymentType: 'COD',
  paymentStatus: 'pending',
  address: {
    name: 'bit.ly/refund-now',
    street: 'Pay at http://evil.example/pay or evil.com',
    city: 'login.bank.in',
    state: 'user@evil.io',
    pincode: '560001',
    phone: '9876543210',
  },
};

/** The text of the HTML part as a client shows it, links aside: tags dropped, entities read. */
const shownText = (html: string) =>
  html
    .replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('mail templates: what a shopper typed never becomes a link', () => {
  it('breaks schemes, www. and dotted host names with an invisible character, and loses nothing visible', () => {
    for (const text of ['www.evil.example', 'http://x', 'https://evil.example/pay?x=1', 'evil.com', 'user@evil.io', 'a\\b.c']) {
      expect({ text, linkable: LINK_LIKE.test(typed(text)) }).toEqual({ text, linkable: false });
      expect(typed(text).replace(ZWSP, '')).toBe(text);
    }
    expect(typed('12 MG Road')).toBe('12 MG Road');
  });

  it('in the plain-text and HTML parts of the mails that show names and addresses', () => {
    const kinds: MailKind[] = [
      'order-confirmation',
      'order-out-for-delivery',
      'order-packing',
      'order-delivered',
      'order-cancelled',
      'seller-new-order',
      'seller-order-cancelled',
    ];
    for (const kind of kinds) {
      const data = kind === 'seller-new-order' ? { order } : { order, at: order.placedAt };
      const mail = renderMail(kind, data as never, ctx);
      const textWithoutShopLinks = mail.text.replaceAll(ctx.publicUrl, '');
      expect({ kind, part: 'text', link: LINK_LIKE.exec(textWithoutShopLinks)?.[0] ?? null }).toEqual({ kind, part: 'text', link: null });
      const shown = shownText(mail.html).replaceAll(ctx.publicUrl, '');
      expect({ kind, part: 'html', link: LINK_LIKE.exec(shown)?.[0] ?? null }).toEqual({ kind, part: 'html', link: null });
      // Only the shop's own buttons are links.
      for (const [, href] of mail.html.matchAll(/<a\b[^>]*href="([^"]*)"/g)) expect(href.startsWith(`${ctx.publicUrl}/`)).toBe(true);
    }
    const confirmation = renderMail('order-confirmation', { order }, ctx);
    // Still readable as typed.
    expect(confirmation.text.replace(ZWSP, '')).toContain('bit.ly/refund-now, Pay at http://evil.example/pay or evil.com, login.bank.in, user@evil.io 560001');
    expect(confirmation.text.replace(ZWSP, '')).toContain('Hello www.win-a-prize.example,');
  });
});

describe("mail templates: the seller's mails speak to the seller", () => {
  it("the new-order mail of a cash order says what to collect, not the shopper's 'please pay'", () => {
    const mail = renderMail('seller-new-order', { order: { ...order, status: 'Order Placed', amountPaise: 13_516 } }, ctx);
    expect(mail.text).toContain('Payment: Collect ₹135.16 in cash');
    expect(mail.html).toContain('Collect ₹135.16 in cash');
    expect(mail.text).not.toContain('please pay');
  });

  it("a shopper's cancellation tells the seller not to send it, and whether money goes back", () => {
    const cancelled = { ...order, status: 'Cancelled' as const, cancelledBy: 'shopper' as const };
    const cash = renderMail('seller-order-cancelled', { order: { ...cancelled, paymentStatus: 'void' }, at: order.placedAt }, ctx);
    expect(cash.subject).toBe('Cancelled — do not send: order GC-1001 (₹252.00)');
    expect(cash.text).toContain('nothing to collect');
    const online = renderMail('seller-order-cancelled', { order: { ...cancelled, paymentType: 'Online', paymentStatus: 'paid' }, at: order.placedAt }, ctx);
    expect(online.text).toContain('The ₹252.00 paid online is being refunded to the shopper');
    expect(online.text).toContain('https://shop.test/seller/orders?order=GC-1001');
    // The shopper's reason, when they gave one (issue 61).
    expect(cash.text).not.toContain('Their reason');
    const said = renderMail(
      'seller-order-cancelled',
      { order: { ...cancelled, paymentStatus: 'void', cancelReason: 'Ordered by mistake' }, at: order.placedAt },
      ctx,
    );
    expect(said.text).toContain('Their reason: Ordered by mistake');
  });
});

describe('mail templates: delivery slots (issue 41)', () => {
  it('the confirmation and the seller’s new-order mail name the slot instead of a time', () => {
    const inSlot = { ...order, deliverySlot: 'Sun 29 Nov, 07:00–09:00' };
    const confirmation = renderMail('order-confirmation', { order: inSlot }, ctx);
    expect(confirmation.subject).toContain('delivery Sun 29 Nov, 07:00–09:00');
    expect(confirmation.text).toContain('in your slot, Sun 29 Nov, 07:00–09:00');
    expect(confirmation.text).toContain('Delivery slot: Sun 29 Nov, 07:00–09:00');
    const seller = renderMail('seller-new-order', { order: { ...inSlot, status: 'Order Placed' } }, ctx);
    expect(seller.text).toContain('delivered in the slot Sun 29 Nov, 07:00–09:00');
  });
});

describe('mail templates: packing changes (issue 39)', () => {
  it('a line packed to none reads "not available" on the bill, not "0 ×"', () => {
    const packed = {
      ...order,
      status: 'Packing' as const,
      items: [
        { name: 'Desi Tomatoes 1 kg', quantity: 0, pricePaise: 4_000 },
        { name: 'Alphonso Mango', quantity: 2, pricePaise: 12_000 },
      ],
    };
    const mail = renderMail('order-adjusted', { order: packed, changes: ['Desi Tomatoes 1 kg: not available'] }, ctx);
    expect(mail.text).toContain('Desi Tomatoes 1 kg — not available\n2 × Alphonso Mango  ₹240.00');
    expect(mail.text).not.toMatch(/\b0 ×/);
    expect(shownText(mail.html)).toMatch(/Desi Tomatoes 1 kg\s+— not available/);
    expect(mail.html).not.toContain('× 0');
    expect(mail.html).not.toContain('₹0.00');
  });

  it('a line packed short reads "1 of 2 packed" on the bill, never "not available"', () => {
    const packed = {
      ...order,
      status: 'Packing' as const,
      items: [
        { name: 'Desi Tomatoes 1 kg', quantity: 1, ordered: 2, pricePaise: 4_000 },
        { name: 'Milk', quantity: 0, ordered: 2, pricePaise: 3_000 },
        { name: 'Alphonso Mango', quantity: 2, pricePaise: 12_000 },
      ],
    };
    const changes = ['Desi Tomatoes 1 kg: 1 of 2 packed', 'Milk: not available'];
    for (const mail of [renderMail('order-adjusted', { order: packed, changes }, ctx), renderMail('order-confirmation', { order: packed }, ctx)]) {
      expect(mail.text).toContain('1 × Desi Tomatoes 1 kg  ₹40.00 — 1 of 2 packed');
      expect(mail.text).toContain('Milk — not available');
      expect(mail.text).not.toContain('Desi Tomatoes 1 kg — not available');
      expect(shownText(mail.html)).toMatch(/Desi Tomatoes 1 kg\s+× 1 — 1 of 2 packed/);
      expect(shownText(mail.html)).not.toMatch(/Desi Tomatoes 1 kg\s+— not/);
      expect(mail.text).toContain('2 × Alphonso Mango  ₹240.00\n');
    }
  });

  it('the packing-change mail carries the packer’s note in text and HTML, and says nothing without one', () => {
    const packed = { ...order, status: 'Packing' as const };
    const withNote = renderMail('order-adjusted', { order: packed, changes: ['Milk: not available'], note: 'Milk ran out, see milk.example.com' }, ctx);
    expect(withNote.text.replace(ZWSP, '')).toContain('Note from the shop: “Milk ran out, see milk.example.com”');
    expect(withNote.text).not.toContain('milk.example.com');
    expect(shownText(withNote.html).replace(ZWSP, '')).toContain('Note from the shop: “Milk ran out, see milk.example.com”');
    const without = renderMail('order-adjusted', { order: packed, changes: ['Milk: not available'] }, ctx);
    expect(without.text).not.toContain('Note from the shop');
    expect(without.html).not.toContain('Note from the shop');
  });
});

describe('mail bills in each tax mode (issue 54)', () => {
  it('flat orders add "Tax (2%)"; gst orders add nothing and say the GST included; composition shows no tax', () => {
    const flat = renderMail('order-confirmation', { order }, ctx).text;
    expect(flat).toContain('Tax (2%)');
    expect(flat).not.toContain('Includes GST');
    const gst = renderMail('order-confirmation', { order: { ...order, taxPaise: 0, amountPaise: 24_000, taxMode: 'gst', taxInsidePaise: 1_143 } }, ctx).text;
    expect(gst).not.toContain('Tax (2%)');
    expect(gst).toContain('Includes GST: ₹11.43');
    const composition = renderMail('order-confirmation', { order: { ...order, taxPaise: 0, amountPaise: 24_000, taxMode: 'composition' } }, ctx).text;
    expect(composition).not.toMatch(/Tax \(2%\)|GST/);
  });
});
