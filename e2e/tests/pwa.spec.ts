import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/**
 * The installable app (issue 26): manifest and service worker, what opens offline, the cart offline and
 * synced after, orders refused offline, and a push shown as a notification. Headless Chromium reaches no
 * browser push service, so the push is delivered through the DevTools protocol.
 */
const shots = (name: string) => ({ path: `e2e/artifacts/pwa-${name}.png` });
const OFFLINE_ORDER = 'You are offline. Connect to the internet to place your order; nothing has been ordered or paid.';

interface Product {
  _id: string;
  name: string;
  category: string;
}

async function products(page: Page, count: number): Promise<Product[]> {
  const answer = await (await page.request.get(`/api/products?inStock=true&limit=${count}`)).json();
  return answer.products as Product[];
}
const productPath = (p: Product) => `/products/${p.category.toLowerCase()}/${p._id}`;

/** The service worker controls the page (it claims the page that installed it). */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 }).toBe('activated');
}

/** A shopper signed in through the API (the context keeps the cookie), with a saved address. */
async function signedInShopper(page: Page, name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  const registered = await page.request.post('/api/register', { data: { firstName: name, email, password: 'a-good-password' } });
  expect(registered.ok()).toBe(true);
  const address = {
    firstName: name,
    lastName: 'Rao',
    email,
    street: '7 Lake View Road',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600001',
    country: 'India',
    phone: '9876543210',
  };
  expect((await page.request.post('/api/Address/add', { data: { adress: address } })).ok()).toBe(true);
}

async function serverCart(context: BrowserContext): Promise<Record<string, number>> {
  // The context's API requests share its cookies but not its offline switch: this is the server's view.
  const answer = await (await context.request.get('/api/cart')).json();
  return answer.cartItems;
}

const offlineBar = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });

test('installable: the manifest is linked and served, the service worker registers and controls the page', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'GreenCart', short_name: 'GreenCart', start_url: '/', display: 'standalone', theme_color: '#237a52' });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  );
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/products', '/My-orders', '/cart']);
  for (const icon of manifest.icons as { src: string }[]) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  await controlled(page);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { scope: r?.scope, script: r?.active?.scriptURL };
  });
  expect(registration.scope).toMatch(/\/$/);
  expect(registration.script).toMatch(/\/sw\.js$/);
  // Online: no offline bar.
  await expect(offlineBar(page)).toHaveCount(0);
});

test('offline: home and a product page seen before open again, with the offline bar', async ({ page, context }) => {
  const [product] = await products(page, 1);
  await page.goto('/');
  await controlled(page);
  // Seen while the service worker is in control: the home page and one product.
  await page.reload();
  await expect(page.getByRole('heading', { name: /best sellers/i })).toBeVisible();
  await page.goto(productPath(product));
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(offlineBar(page)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot(shots('offline-product'));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /best sellers/i })).toBeVisible();
  await expect(offlineBar(page)).toBeVisible();
  await page.screenshot(shots('offline-home'));

  await context.setOffline(false);
  await expect(offlineBar(page)).toHaveCount(0);
});

test('the cart changes offline and is saved when the connection is back', async ({ page, context }) => {
  await signedInShopper(page, 'Ira');
  const [first, second] = await products(page, 2);
  await page.goto(productPath(first));
  await controlled(page);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await saved;
  await page.goto(productPath(second));
  await expect(page.getByRole('heading', { name: second.name })).toBeVisible();

  await context.setOffline(true);
  await expect(offlineBar(page)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect(await serverCart(context)).toEqual({ [first._id]: 1 });

  const synced = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await context.setOffline(false);
  await synced;
  expect(await serverCart(context)).toEqual({ [first._id]: 1, [second._id]: 1 });
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('placing an order offline is refused with a message and nothing is ordered later', async ({ page, context }) => {
  await signedInShopper(page, 'Jaya');
  const [product] = await products(page, 1);
  await page.goto(productPath(product));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await saved;
  await page.goto('/cart');
  await expect(page.getByTestId('selected-address')).toContainText('7 Lake View Road');

  // Every request of the page or its service worker that would place or pay for an order, from now on.
  const orderRequests: string[] = [];
  context.on('request', (r) => {
    if (/\/api\/(placeorders|paymentonline)/.test(r.url())) orderRequests.push(`${r.method()} ${r.url()}`);
  });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(OFFLINE_ORDER)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  // Back online, nothing sends the refused order (a paused request would go out as the page hears the
  // connection is back, before it hides the offline bar): a request sent after that is the marker.
  await context.setOffline(false);
  await expect(offlineBar(page)).toHaveCount(0);
  const marker = context.waitForEvent('request', (r) => r.url().endsWith('/api/session?after-reconnect'));
  await page.evaluate(() => fetch('/api/session?after-reconnect').then((r) => r.status));
  await marker;
  expect(orderRequests).toEqual([]);
  const orders = await (await context.request.get('/api/getorder/user')).json();
  expect(orders.orderdata).toHaveLength(0);
});

test('after an order: the offer of order updates (no prompt before), and a push shown as a notification', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInShopper(page, 'Kiran');
  const [product] = await products(page, 1);
  await page.goto(productPath(product));
  await controlled(page);
  // Nothing asked on the way in.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await expect(page.getByRole('button', { name: 'Get order updates' })).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await saved;
  await page.goto('/cart');
  await expect(page.getByTestId('selected-address')).toContainText('7 Lake View Road');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-placed$/);
  const offer = page.getByTestId('order-updates-offer');
  await expect(offer.getByRole('button', { name: 'Get order updates' })).toBeVisible();
  await page.screenshot(shots('order-updates-offer'));
  const orderNumber = (await page.getByTestId('order-number').textContent())!;

  // The service worker's push handler: a push delivered through DevTools becomes a notification.
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  // The page's registration has an activated worker (a push to a registration still installing or
  // activating can be lost on a busy machine) ...
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), { timeout: 20_000 }).toBe('activated');
  // ... and DevTools sees it so: the registration the push goes to, once a version of it is activated.
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  const activated = new Set<string>();
  const registrationId = new Promise<string>((resolve) => {
    const settle = () => {
      for (const [id, scope] of registrations) if (scope === `${origin}/` && activated.has(id)) resolve(id);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) {
        if (r.isDeleted) registrations.delete(r.registrationId);
        else registrations.set(r.registrationId, r.scopeURL);
      }
      settle();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
      settle();
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = { title: `Order ${orderNumber}: Packing`, body: 'We are packing your order.', url: `/My-orders?order=${orderNumber}`, tag: 'order:test' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
        ),
      // The worker may have been stopped meanwhile: the push starts it first.
      { timeout: 20_000 },
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

  // "Not now" puts the offer away on this device.
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
});
