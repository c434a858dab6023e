import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { blocking, wcagViolations } from '../axe-scan';
import { SELLER } from '../playwright.config';

const PHONE = { width: 390, height: 844 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

/** No serious or critical WCAG 2.1 A/AA violation in what the page shows now (as the accessibility spec counts). */
async function noBlockingViolations(page: Page, where: string) {
  const found = blocking(await wcagViolations(page));
  expect(found.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A shopper with a long name and email (the rows must still fit), signed up through the API, with two COD orders. */
async function shopperWithOrders(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = `venkatalakshmi.subramanian-${Date.now()}@example-long-domain.co.in`;
  const firstName = 'Venkatalakshmi';
  expect((await api.post('/api/register', { data: { firstName, email, password: 'a-good-password' } })).status()).toBe(201);
  const saved = await api.post('/api/Address/add', {
    data: {
      adress: {
        firstName,
        lastName: 'Subramanian',
        email,
        street: '14/2 Sri Krishnapuram Extension, Near Old Water Tank, Behind the Government Higher Secondary School',
        city: 'Tiruchirappalli',
        state: 'Tamil Nadu',
        pincode: '620001',
        country: 'India',
        phone: '9876501234',
      },
    },
  });
  const address = (await saved.json()).address._id as string;
  const { products } = await (await api.get('/api/products?inStock=true&limit=2')).json();
  const orders: { _id: string; orderNumber: string }[] = [];
  for (const product of products.slice(0, 2)) {
    const res = await api.post('/api/placeorders', { data: { address, items: [{ product: product._id, quantity: 2 }] } });
    expect(res.status()).toBe(201);
    orders.push((await res.json()).order);
  }
  return { api, orders };
}

async function signInSeller(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

/** The shopper writes about one order from My orders' "Send Message to Shop" (in a browser of their own). */
async function writeAboutOrder(browser: Browser, api: APIRequestContext, orderNumber: string) {
  const context = await browser.newContext({ storageState: await api.storageState(), viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/My-orders?order=${orderNumber}`);
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Send Message to Shop' }).click();
  await expect(page.getByTestId('chat-order-reference')).toContainText(`About order ${orderNumber}`);
  await expect(page.getByTestId('connection-status')).toHaveText('Online');
  await page.getByRole('textbox', { name: 'Message to the shop' }).fill('Can you add a bunch of coriander to this one?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const sent = page.getByTestId('chat-message').filter({ hasText: 'coriander' });
  await expect(sent.getByRole('link', { name: orderNumber })).toHaveAttribute('href', `/My-orders?order=${orderNumber}`);
  await page.screenshot(shot('phone-chat-order-number'));
  await context.close();
}

test.describe('the seller area on a phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('labelled bottom navigation, rows that fit, confirm before Delivered, a cancel reason, orders named by number in chat', async ({
    page,
    browser,
    baseURL,
  }) => {
    const shopper = await shopperWithOrders(baseURL!);
    const [first, second] = shopper.orders as [{ _id: string; orderNumber: string }, { _id: string; orderNumber: string }];
    await writeAboutOrder(browser, shopper.api, first.orderNumber);

    await signInSeller(page);
    const bar = page.getByRole('navigation', { name: 'Seller sections' });
    await expect(bar).toBeVisible();
    await expect(bar).toBeInViewport();
    for (const name of ['Dashboard', /^Orders/, 'Products', /^Chats/]) await expect(bar.getByRole('link', { name })).toBeVisible();
    // The unlabelled icon rail is gone on the phone.
    await expect(page.getByRole('navigation', { name: 'Seller', exact: true })).toBeHidden();
    await noSideScroll(page);
    await page.screenshot(shot('phone-seller-dashboard'));

    // More: the other pages and the settings.
    await bar.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('link', { name: 'Add Product' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New order sound' })).toBeVisible();
    await page.screenshot(shot('phone-seller-more'));
    await noBlockingViolations(page, 'More open');
    await page.getByRole('link', { name: 'Delivery' }).click();
    await expect(page).toHaveURL(/\/seller\/delivery$/);
    await expect(page.getByRole('link', { name: 'Add Product' })).toBeHidden();

    // Orders: each row fits; "Mark Delivered" asks first.
    await bar.getByRole('link', { name: /^Orders/ }).click();
    const row = page.getByTestId('seller-order').filter({ hasText: first.orderNumber });
    await expect(row).toBeVisible();
    await noSideScroll(page);
    await page.screenshot({ ...shot('phone-seller-orders-rows'), fullPage: true });
    for (const step of ['Mark Packing', 'Mark Out for delivery']) {
      await row.getByRole('button', { name: step }).click();
      await expect(row.getByRole('button', { name: step })).toHaveCount(0);
    }
    // Toasts sit under the header: the header's buttons stay uncovered.
    await page.evaluate(() => window.scrollTo(0, 0));
    const toast = page.getByRole('status').filter({ hasText: `Order ${first.orderNumber} marked Out for delivery` });
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await row.getByRole('button', { name: 'Mark Delivered' }).click();
    const ask = page.getByRole('dialog', { name: `Mark order ${first.orderNumber} delivered?` });
    await expect(ask).toBeVisible();
    await page.screenshot(shot('phone-seller-deliver-confirm'));
    await ask.getByRole('button', { name: 'Not yet' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Out for delivery');
    await row.getByRole('button', { name: 'Mark Delivered' }).click();
    await ask.getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Delivered');

    // Cancelling asks for an optional reason, which the seller's row then shows.
    const other = page.getByTestId('seller-order').filter({ hasText: second.orderNumber });
    await other.getByRole('button', { name: 'Cancel order' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel order ${second.orderNumber}?` });
    await cancel.getByLabel('Reason for the shopper (optional)').fill('Out of fresh coriander today, sorry');
    await page.screenshot(shot('phone-seller-cancel-reason'));
    await noBlockingViolations(page, 'cancel dialog');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(other.getByTestId('order-cancel-reason')).toHaveText('Cancelled by the shop: Out of fresh coriander today, sorry');
    await noSideScroll(page);

    // Chats: the inbox row fits; the message names the order by number and opens it.
    await bar.getByRole('link', { name: /^Chats/ }).click();
    const conversation = page.getByTestId('conversation').filter({ hasText: 'Venkatalakshmi' });
    await expect(conversation).toBeVisible();
    await noSideScroll(page);
    const box = await conversation.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot(shot('phone-seller-inbox'));
    await conversation.click();
    const message = page.getByTestId('chat-message').filter({ hasText: 'coriander' });
    await expect(message.getByTestId('chat-message-order')).toHaveText(`About order ${first.orderNumber}`);
    await noSideScroll(page);
    await page.screenshot(shot('phone-seller-thread'));
    await noBlockingViolations(page, 'thread with an order link');
    await message.getByRole('link', { name: first.orderNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/seller/orders\\?order=${first.orderNumber}$`));
    await expect(page.getByTestId('seller-order')).toHaveCount(1);
    await expect(page.getByTestId('order-number')).toHaveText(first.orderNumber);

    // After a reload nothing on the page has been touched: a phone browser keeps the chime silent, and the seller is asked for a tap.
    // (Headless Chromium lets any page play sound, so the page gets the phone's rule: no sound before a tap.)
    // (A string: the test's compiled helpers do not exist in the page. Taps are told by trusted pointer and key events, as
    // Playwright's own queries count as user gestures to Chromium.)
    await page.addInitScript(`
      let tapped = false;
      for (const type of ['pointerdown', 'keydown']) addEventListener(type, (event) => { if (event.isTrusted) tapped = true; }, true);
      const Real = window.AudioContext;
      window.AudioContext = class extends Real {
        allowed = false;
        get state() {
          return this.allowed ? super.state : 'suspended';
        }
        resume() {
          if (!tapped) return new Promise(() => undefined);
          this.allowed = true;
          this.dispatchEvent(new Event('statechange'));
          return super.resume();
        }
      };
    `);
    await page.reload();
    const prompt = page.getByRole('button', { name: 'Tap to enable the order sound' });
    await expect(prompt).toBeVisible();
    await page.screenshot(shot('phone-seller-sound-blocked'));
    await noBlockingViolations(page, 'sound prompt');
    await prompt.click();
    await expect(prompt).toBeHidden();
  });
});
