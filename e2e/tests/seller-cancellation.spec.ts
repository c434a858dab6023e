import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { SELLER } from '../playwright.config';

/** Storefront and seller round three, part 2: a shopper cancels, and the seller with the orders page open is told at once. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

/** A shopper signed up through the API with one cash-on-delivery order. */
async function shopperWithOrder(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = `cancels-${Date.now()}@example.com`;
  expect((await api.post('/api/register', { data: { firstName: 'Nisha', email, password: 'a-good-password' } })).status()).toBe(201);
  const saved = await api.post('/api/Address/add', {
    data: {
      adress: {
        firstName: 'Nisha',
        lastName: 'Menon',
        email,
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        country: 'India',
        phone: '9876501234',
      },
    },
  });
  const address = (await saved.json()).address._id as string;
  const { products } = await (await api.get('/api/products?inStock=true&limit=1')).json();
  const res = await api.post('/api/placeorders', { data: { address, items: [{ product: products[0]._id, quantity: 1 }] } });
  expect(res.status()).toBe(201);
  return { api, order: (await res.json()).order as { _id: string; orderNumber: string } };
}

async function signInSeller(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

for (const [name, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test(`a shopper cancels: the seller's open orders page shows the toast, the badge and "Cancelled — do not send" (${name})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    await signInSeller(page);
    await page.goto(`/seller/orders`);
    await expect(page.getByRole('heading', { name: 'Orders List' })).toBeVisible();
    // The list as first read is what "new" counts from: the heading alone comes before it.
    await expect(page.getByText(/^Showing \d+ of \d+ orders?/)).toBeVisible();
    // Placed with the list open: its live "New" mark (pushed, or told when the socket joins its room if it
    // is still connecting) shows the seller hears of orders before the shopper cancels.
    const { api, order } = await shopperWithOrder(baseURL!);
    const card = page.getByTestId('seller-order').filter({ hasText: order.orderNumber });
    await expect(card.getByTestId('new-order')).toBeVisible();
    await expect(card.getByTestId('do-not-send')).toHaveCount(0);

    expect((await api.post(`/api/orders/${order._id}/cancel`)).status()).toBe(200);

    await expect(page.getByText(`Order ${order.orderNumber} was cancelled by the shopper`)).toBeVisible();
    const nav = page.getByRole('navigation', { name: name === 'phone' ? 'Seller sections' : 'Seller' });
    const badge = nav.getByRole('link', { name: /Orders/ }).getByTestId('menu-badge');
    await expect(badge).toHaveText('✕1');
    await expect(nav.getByRole('link', { name: /^Orders\s*, 1 cancelled order$/ })).toBeVisible();
    await expect(card.getByTestId('do-not-send')).toContainText('Cancelled — do not send');
    await expect(card.getByTestId('do-not-send')).toContainText('Cancelled by the shopper. Nothing to collect.');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot(shot(`${name}-seller-cancelled-order`));
    // Tapping Orders: seen.
    await nav.getByRole('link', { name: /Orders/ }).click();
    await expect(badge).toHaveCount(0);
    await api.dispose();
    await context.close();
  });
}

test("an order placed while the seller's live connection is still being made is marked New once it connects (desktop)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInSeller(page);
  // socket.io's first request (its polling handshake) is held until the order is in: the seller's socket
  // joins its room only after the order's push went out.
  let handshakeAsked!: () => void;
  const handshake = new Promise<void>((resolve) => (handshakeAsked = resolve));
  let orderIn!: () => void;
  const placed = new Promise<void>((resolve) => (orderIn = resolve));
  await page.route(/\/socket\.io\/\?EIO=4&transport=polling(?!.*[?&]sid=)/, async (route) => {
    handshakeAsked();
    await placed;
    await route.continue();
  });
  await page.goto('/seller/orders');
  await expect(page.getByText(/^Showing \d+ of \d+ orders?/)).toBeVisible();
  await handshake;
  const { api, order } = await shopperWithOrder(baseURL!);
  orderIn();
  const card = page.getByTestId('seller-order').filter({ hasText: order.orderNumber });
  await expect(card.getByTestId('new-order')).toBeVisible();
  await expect(page.getByText(/^New order from Nisha: ₹/)).toBeVisible();
  await api.dispose();
  await context.close();
});

for (const [name, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test(`the dashboard says the day's cancellations and takes a From–To period (${name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    await signInSeller(page);
    await expect(page.getByTestId('today-cancellations')).toContainText(/Cancelled today: \d+ orders? \(₹/);
    const range = page.getByTestId('custom-range');
    // The chart arrives after the figures and can move the period chips under a click that was aimed
    // before it came: click again until the range shows (choosing "Dates…" twice changes nothing).
    await expect(async () => {
      await page.getByText('Dates…').click();
      await expect(range.getByLabel('From')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await range.getByLabel('To').fill('2000-01-01');
    await expect(range.getByRole('alert')).toHaveText('The first day must not be after the last');
    await page.screenshot({ ...shot(`${name}-dashboard-custom-range`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
}
