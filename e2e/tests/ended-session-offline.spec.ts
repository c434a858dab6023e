import { expect, test } from '@playwright/test';

/**
 * A session ended from another device ("sign out everywhere") leaves nothing readable offline: the
 * service worker keeps no copy of /api/session (name, email, cart), so an offline reload on the first
 * device shows the shop with its session unknown ("we'll check your sign-in when you're back").
 */
test('after "sign out everywhere" on another device, an offline reload shows no name, email or cart of the ended session', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page = await first.newPage();
    const name = 'Meera';
    const email = `meera-${Date.now()}@example.com`;
    const registered = await page.request.post('/api/register', { data: { firstName: name, email, password: 'a-good-password' } });
    expect(registered.ok()).toBe(true);
    expect((await second.request.post('/api/login', { data: { email, password: 'a-good-password' } })).ok()).toBe(true);

    const answer = await (await page.request.get('/api/products?inStock=true&limit=1')).json();
    const product = answer.products[0] as { _id: string; name: string; category: string };
    await page.goto(`/products/${product.category.toLowerCase()}/${product._id}`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 }).toBe('activated');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await saved;
    // Seen online under the service worker: the session answer passed through it.
    const sessionSeen = page.waitForResponse((r) => r.url().endsWith('/api/session') && r.ok());
    await page.reload();
    await sessionSeen;
    const account = page.getByRole('button', { name: `Account menu for ${name}` });
    await expect(account).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // The other device ends every session of the account.
    expect((await second.request.post('/api/logout/everywhere')).ok()).toBe(true);

    await first.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    // The session check has settled (unknown: it cannot be read offline), so what is absent below is absent, not still loading.
    await expect(page.getByTestId('session-pending')).toHaveCount(0);
    await expect(page.getByTestId('session-unknown')).toBeVisible();
    await expect(account).toHaveCount(0);
    await expect(page.getByText(name, { exact: false })).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).not.toHaveText('1');
    const kept = await page.evaluate(async () => {
      const found: string[] = [];
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) {
          if (!request.url.includes('/api/') || request.url.includes('/api/images/')) continue;
          const text = await (await cache.match(request))!.clone().text();
          if (request.url.includes('/api/session') || text.includes('"email"')) found.push(`${cacheName}: ${request.url}`);
        }
      }
      return found;
    });
    expect(kept).toEqual([]);
  } finally {
    await first.close();
    await second.close();
  }
});
