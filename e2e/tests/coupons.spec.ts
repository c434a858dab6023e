import { expect, request as playwrightRequest, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { pdfText } from '../../backend/test/support/pdf-text';
import { SELLER } from '../playwright.config';

/**
 * Coupons (issue 40), on a phone: "Offers for you" shows an offer the cart is too small for; the shopper
 * adds to the cart, applies it, orders, and sees the discount on the confirmation, in My orders and on the
 * tax invoice.
 */
const PHONE = { width: 390, height: 844 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

test('a shopper on a phone applies an offer once the cart reaches its minimum, orders, and sees the discount everywhere', async ({ browser, baseURL }) => {
  // The seller's offer: ₹50 off orders of ₹150 or more, shown to shoppers.
  const code = `SAVE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const seller = await playwrightRequest.newContext({ baseURL });
  expect((await seller.post('/api/sellerlogin', { data: SELLER })).status()).toBe(200);
  expect((await seller.post('/api/seller/coupons', { data: { code, kind: 'flat', value: 50, minSubtotal: 150, public: true } })).status()).toBe(201);
  await seller.dispose();

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const email = `coupon-${Date.now()}@example.com`;
  expect((await context.request.post('/api/register', { data: { firstName: 'Kavya', email, password: 'a-good-password' } })).status()).toBe(201);
  const street = `${Date.now() % 1000} Offer Street`;
  const address = {
    firstName: 'Kavya',
    lastName: 'Rao',
    email,
    street,
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    country: 'India',
    phone: '9876512345',
  };
  expect((await context.request.post('/api/Address/add', { data: { adress: address } })).status()).toBe(201);
  const { products } = await (await context.request.get('/api/products?search=potatoes')).json();
  const potatoes = products.find((p: { name: string }) => p.name === 'Fresh Potatoes') as { _id: string; name: string; category: string; offerPrice: number };

  // One bag (₹35): the offer is there but needs ₹115 more.
  await page.goto(`/products/${potatoes.category.toLowerCase()}/${potatoes._id}`);
  const added = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await added;
  await page.goto('/cart');
  const offer = page.getByRole('listitem', { name: `Offer ${code}` });
  await expect(offer).toContainText('₹50 off on orders of ₹150 or more');
  await expect(offer).toContainText('Add ₹115.00 more');
  await page.screenshot({ ...shot('phone-coupons-offer-needs-more'), fullPage: true });
  await offer.getByRole('button', { name: `Apply ${code}` }).click();
  await expect(page.getByTestId('coupon-refusal')).toContainText(`Add ₹115.00 more of items to use ${code}`);

  // Four more bags (5 × ₹35 = ₹175): it applies.
  for (let i = 0; i < 4; i++) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await page
      .getByRole('button', { name: `Add one more ${potatoes.name}` })
      .first()
      .click();
    await saved;
  }
  await expect(offer).toContainText('You save ₹50.00');
  await offer.getByRole('button', { name: `Apply ${code}` }).click();
  await expect(page.getByTestId('applied-coupon')).toContainText(`${code} applied — you save ₹50.00`);
  // ₹175 − ₹50 = ₹125; tax 2% = ₹2.50; ₹127.50 with free delivery.
  await expect(page.getByTestId('coupon-line').first()).toContainText('−₹50.00');
  await page.screenshot({ ...shot('phone-coupons-applied'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await expect(page.getByTestId('selected-address')).toContainText(street);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-placed$/);
  await expect(page.getByTestId('order-discount').first()).toContainText('−₹50.00');
  await expect(page.getByText('₹127.50').first()).toBeVisible();
  await page.screenshot({ ...shot('phone-coupons-order-placed'), fullPage: true });

  // My orders shows it, and so does the tax invoice.
  await page.goto('/My-orders');
  const card = page.getByTestId('order-card').first();
  await expect(card.getByTestId('order-discount')).toContainText('−₹50.00');
  await page.screenshot({ ...shot('phone-coupons-my-orders'), fullPage: true });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Tax invoice (PDF)' }).click();
  const text = pdfText(readFileSync((await (await download).path())!));
  // The amounts: items ₹175.00, the coupon's ₹50.00 off, ₹125.00 after it, 2% tax ₹2.50, total ₹127.50.
  // (The test's text reader decodes the digits and ₹ of this font reliably, not every letter.)
  for (const amount of ['₹175.00', '₹50.00', '₹125.00', '₹2.50', '₹127.50']) expect(text).toContain(amount);
  await context.close();
});
