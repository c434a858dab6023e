import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_RAZORPAY_URL, SELLER } from '../playwright.config';
import { DESKTOP, expectNoSideScroll } from '../widths';

/** Packing day (issue 39), on a phone: the seller packs one line short and replaces another; the shopper sees it, is refunded, reports a missing item and is refunded again. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const MAILBOX = join(__dirname, '..', '..', '.data', 'e2e-mailbox');
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/packing-${name}.png` });

interface Mail {
  to: string;
  subject: string;
  text: string;
  outboxId: string;
}

function mailsTo(address: string, kind: string): Mail[] {
  if (!existsSync(MAILBOX)) return [];
  return readdirSync(MAILBOX)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(MAILBOX, file), 'utf8')) as Mail)
    .filter((mail) => mail.to.includes(address) && mail.outboxId.startsWith(kind));
}

async function waitForMail(address: string, kind: string): Promise<Mail> {
  await expect.poll(() => mailsTo(address, kind).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  return mailsTo(address, kind)[0];
}

/** A verified shopper (order mails reach the address) with a saved address, signed in through the API. */
async function shopper(baseURL: string): Promise<{ api: APIRequestContext; email: string; address: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = `packing-${Date.now()}@example.com`;
  expect((await api.post('/api/register', { data: { firstName: 'Meera', email, password: 'a-good-password' } })).status()).toBe(201);
  const link = /verify-email#token=([\w.-]+)/.exec((await waitForMail(email, 'email:email-verification:')).text)?.[1];
  expect((await api.post('/api/auth/verify-email', { data: { token: link } })).status()).toBe(200);
  const saved = await api.post('/api/Address/add', {
    data: {
      adress: {
        firstName: 'Meera',
        lastName: 'Iyer',
        email,
        street: '4 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
        country: 'India',
        phone: '9876512345',
      },
    },
  });
  return { api, email, address: (await saved.json()).address._id as string };
}

/** Pays an order online as checkout.js would (the stand-in's /e2e/pay), with "replace with a similar item". */
async function payOnline(api: APIRequestContext, address: string, items: { product: string; quantity: number }[]) {
  const started = await api.post('/api/paymentonline', { data: { address, items, substitutions: 'similar' } });
  expect(started.status()).toBe(201);
  const order = (await started.json()).order as { id: string; amount: number; currency: string };
  const { key } = await (await api.get('/api/getkey')).json();
  const rzp = await playwrightRequest.newContext();
  const paid = await (
    await rzp.post(`${FAKE_RAZORPAY_URL}/e2e/pay`, { data: { key, order_id: order.id, amount: order.amount, currency: order.currency } })
  ).json();
  await rzp.dispose();
  const res = await api.post('/api/payment-success', { data: paid });
  expect(res.status()).toBe(201);
  return (await res.json()).order as { _id: string; orderNumber: string; amountPaise: number };
}

async function signInSeller(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

test('the seller packs one line short and replaces another; the shopper sees it, the refund and the mail, then reports a missing item and is refunded', async ({
  browser,
  baseURL,
}) => {
  // A shopper, the seller's phone and the seller's computer in one story: more than the usual minute on a busy machine.
  test.setTimeout(120_000);
  const { api, email, address } = await shopper(baseURL!);
  const { products } = await (await api.get('/api/products?inStock=true&limit=3')).json();
  const [first, second, third] = products as { _id: string; name: string }[];
  const order = await payOnline(api, address, [
    { product: first._id, quantity: 3 },
    { product: second._id, quantity: 1 },
  ]);

  // The seller, on a phone, packs 1 of 3 of the first line and replaces the second.
  const sellerContext = await browser.newContext(PHONE);
  const sellerPage = await sellerContext.newPage();
  await signInSeller(sellerPage);
  await sellerPage.goto(`/seller/orders?order=${encodeURIComponent(order.orderNumber)}`);
  const card = sellerPage.getByTestId('seller-order').filter({ hasText: order.orderNumber });
  await expect(card.getByTestId('order-substitutions')).toHaveText('If an item is not available: replace with a similar item');
  await card.getByRole('button', { name: 'Pack items…' }).click();
  const pack = card.getByTestId('pack-order');
  await pack.getByLabel(`Packed of ${first.name}`).fill('1');
  await pack.getByTestId('pack-line').nth(1).getByRole('checkbox').uncheck();
  await pack.getByRole('searchbox', { name: 'Replace line 2 with' }).fill(third.name);
  await pack
    .getByRole('button', { name: new RegExp(third.name) })
    .first()
    .click();
  await expect(pack.getByTestId('pack-substitute')).toContainText(`Replaced by ${third.name} × 1`);
  await expect(pack.getByTestId('pack-preview')).toContainText('refund');
  await sellerPage.screenshot(shot('seller-packing'));

  // The same form on the shop's computer (1280×800) fits the window; it is closed there without saving.
  const deskContext = await browser.newContext({ viewport: DESKTOP });
  const deskPage = await deskContext.newPage();
  await signInSeller(deskPage);
  await deskPage.goto(`/seller/orders?order=${encodeURIComponent(order.orderNumber)}`);
  const deskCard = deskPage.getByTestId('seller-order').filter({ hasText: order.orderNumber });
  await deskCard.getByRole('button', { name: 'Pack items…' }).click();
  await deskCard.getByTestId('pack-order').getByLabel(`Packed of ${first.name}`).fill('2');
  await expect(deskCard.getByTestId('pack-preview')).toContainText('refund');
  await expectNoSideScroll(deskPage);
  await deskPage.screenshot({ ...shot('seller-packing-desktop'), fullPage: true });
  await deskCard.getByTestId('pack-order').getByRole('button', { name: 'Close' }).click();
  await pack.getByRole('button', { name: 'Save packing' }).click();
  await expect(sellerPage.getByText('Packing saved')).toBeVisible();
  await expect(card.getByTestId('order-adjusted')).toBeVisible();
  await expect(card.getByTestId('packing-refund')).toContainText('5–7 working days');

  // The shopper sees the change and the refund on a phone, and gets one mail.
  const shopperContext = await browser.newContext({ ...PHONE, storageState: await api.storageState() });
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto('/My-orders');
  const mine = shopperPage.getByTestId('order-card').filter({ hasText: order.orderNumber });
  await expect(mine.getByTestId('packed-note').first()).toHaveText('1 of 3 packed');
  await expect(mine.getByText(`Replaces ${second.name}`)).toBeVisible();
  await expect(mine.getByTestId('packing-refund')).toContainText('refunded to the way you paid — it reaches the account in 5–7 working days');
  await shopperPage.screenshot(shot('shopper-changed'));
  const mail = await waitForMail(email, `email:order-adjusted:${order._id}`);
  expect(mail.subject).toBe(`Order ${order.orderNumber} was packed with changes`);
  expect(mail.text).toMatch(new RegExp(`${first.name}[^:]*: 1 of 3 packed`));
  expect(mail.text).toContain('5–7 working days');

  // Delivered; the shopper reports the one packed unit missing and the seller refunds it.
  for (const status of ['Packing', 'Out for delivery', 'Delivered']) {
    expect((await sellerPage.request.patch(`/api/orders/${order._id}/status`, { data: { status } })).status()).toBe(200);
  }
  await shopperPage.reload();
  await mine.getByRole('button', { name: 'Something was wrong?' }).click();
  const form = mine.getByTestId('report-problem');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(mine.getByTestId('issue-outcome')).toContainText('The shop will look at it soon.');

  // At 1280×800: the report above the orders and the order packed with changes, without a sideways scroll.
  await deskPage.goto(`/seller/orders?order=${encodeURIComponent(order.orderNumber)}`);
  await expect(deskPage.getByTestId('seller-issue').filter({ hasText: order.orderNumber })).toBeVisible();
  await expect(deskCard.getByTestId('order-adjusted')).toBeVisible();
  await expectNoSideScroll(deskPage);
  await deskPage.screenshot({ ...shot('seller-report-desktop'), fullPage: true });
  await deskContext.close();

  await sellerPage.goto('/seller/orders');
  const reports = sellerPage.getByTestId('seller-issue').filter({ hasText: order.orderNumber });
  await reports.getByRole('button', { name: 'Refund' }).click();
  await expect(sellerPage.getByText('Refund on its way')).toBeVisible();

  await shopperPage.reload();
  await expect(mine.getByTestId('issue-answer')).toContainText('refunded — it reaches the account in 5–7 working days');
  await shopperPage.screenshot(shot('shopper-report-refunded'));
  await api.dispose();
  await sellerContext.close();
  await shopperContext.close();
});
