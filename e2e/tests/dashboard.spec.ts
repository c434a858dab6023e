import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatRupees } from '@greencart/domain';
import { readFileSync } from 'node:fs';
import { SELLER } from '../playwright.config';

const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png`, fullPage: true });

async function signInSeller(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

/** A shopper signed up through the API with a saved address, and an in-stock product to order. */
async function apiShopper(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = `dash-${Date.now()}@example.com`;
  expect((await api.post('/api/register', { data: { firstName: 'Meera', email, password: 'a-good-password' } })).status()).toBe(201);
  const address = (
    await (
      await api.post('/api/Address/add', {
        data: {
          adress: {
            firstName: 'Meera',
            lastName: 'Nair',
            email,
            street: '3 Beach Road',
            city: 'Kochi',
            state: 'Kerala',
            pincode: '682001',
            country: 'India',
            phone: '9876501234',
          },
        },
      })
    ).json()
  ).address._id as string;
  const { products } = await (await api.get('/api/products?inStock=true&limit=1')).json();
  return { api, address, product: products[0] as { _id: string; offerPrice: number } };
}

async function place(api: APIRequestContext, address: string, product: string, quantity: number) {
  const res = await api.post('/api/placeorders', { data: { address, items: [{ product, quantity }] } });
  expect(res.status()).toBe(201);
  return (await res.json()).order as { _id: string; orderNumber: string; amount: number };
}

test.describe('the seller’s dashboard on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows today’s figures and follows each new order live; exports the day as CSV', async ({ page, baseURL }) => {
    const shopper = await apiShopper(baseURL!);
    await place(shopper.api, shopper.address, shopper.product._id, 1);
    await signInSeller(page);
    await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
    await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();

    const figures = async () => (await (await page.request.get('/api/seller/stats?days=1')).json()) as { orders: number; revenue: number };
    const before = await figures();
    expect(before.orders).toBeGreaterThan(0);
    await expect(page.getByTestId('today-orders')).toHaveText(String(before.orders));
    await expect(page.getByTestId('today-revenue')).toHaveText(formatRupees(Math.round(before.revenue * 100)));
    await page.screenshot(shot('phone-seller-dashboard'));

    // A shopper orders elsewhere: the dashboard changes without a reload.
    const order = await place(shopper.api, shopper.address, shopper.product._id, 3);
    await expect(page.getByTestId('today-orders')).toHaveText(String(before.orders + 1));
    await expect(page.getByTestId('today-revenue')).toHaveText(formatRupees(Math.round(before.revenue * 100) + Math.round(order.amount * 100)));
    const waiting = page.getByTestId('waiting-status').filter({ hasText: 'Order Placed' });
    await expect(waiting).not.toHaveText(/^0/);
    await expect(page.getByTestId('top-products')).toContainText((await (await page.request.get(`/api/products/${shopper.product._id}`)).json()).product.name);
    await page.screenshot(shot('phone-seller-dashboard-live'));

    // Today's orders as CSV: the new order is in it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^greencart-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Order number');
    expect(csv).toContain(`"${order.orderNumber}"`);
    expect(csv).toContain('"Meera Nair"');
    await shopper.api.dispose();
  });
});

test('the dashboard at desktop width, and a tax invoice for the seller and the shopper', async ({ page, baseURL, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const shopper = await apiShopper(baseURL!);
  const order = await place(shopper.api, shopper.address, shopper.product._id, 2);
  await signInSeller(page);
  await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  await page.getByRole('radio', { name: '30 days' }).check({ force: true });
  await page.screenshot(shot('desktop-seller-dashboard'));

  await page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'Orders' }).click();
  const card = page.getByTestId('seller-order').filter({ hasText: order.orderNumber });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Tax invoice (PDF)' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^invoice-GC-\d\d-\d\d-\d{6}\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The shopper gets the same invoice from My orders.
  const state = await shopper.api.storageState();
  const context = await browser.newContext({ storageState: state });
  const mine = await context.newPage();
  await mine.goto('/My-orders');
  const myCard = mine.getByTestId('order-card').filter({ hasText: order.orderNumber });
  const again = mine.waitForEvent('download');
  await myCard.getByRole('button', { name: 'Tax invoice (PDF)' }).click();
  expect((await again).suggestedFilename()).toBe(pdf.suggestedFilename());
  await context.close();
  await shopper.api.dispose();
});
