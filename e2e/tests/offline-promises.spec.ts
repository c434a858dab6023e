import { expect, type Page, test } from '@playwright/test';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'a-good-password';

/** Wait until the service worker controls the page (what it keeps from then on opens offline). */
async function underServiceWorker(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 20_000 }).toBe('activated');
}

async function firstProducts(page: Page, count: number) {
  const answer = await (await page.request.get(`/api/products?inStock=true&limit=${count}`)).json();
  return answer.products as { _id: string; name: string; category: string }[];
}

test('offline reload: the session is unknown, not signed out; an item added offline is saved and the shopper signed in again once back, with no reload', async ({
  page,
  context,
}) => {
  const name = 'Nila';
  const email = `nila-${Date.now()}@example.com`;
  expect((await page.request.post('/api/register', { data: { firstName: name, email, password: PASSWORD } })).ok()).toBe(true);
  const [product] = await firstProducts(page, 1);

  await page.goto('/products');
  await underServiceWorker(page);
  await page.reload();
  const account = page.getByRole('button', { name: `Account menu for ${name}` });
  await expect(account).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText('saved when you are back');
  await expect(page.getByTestId('session-unknown')).toHaveText('Offline — we’ll check your sign-in when you’re back');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);

  // Added offline: kept on this device (the cart badge follows at once).
  await page
    .getByRole('button', { name: `Add ${product!.name} to cart` })
    .first()
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The bill offline promises nothing about fees or the minimum, and Place Order says why it waits.
  await page.getByRole('link', { name: /^Cart/ }).first().click();
  await expect(page.getByText('You’re offline — fees and minimum will be checked when you’re back')).toBeVisible();
  await expect(page.getByTestId('delivery-fee')).toHaveText('—');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/You are offline\. Connect to the internet to place your order/)).toBeVisible();
  await expect(page.getByText('Please select an address')).toHaveCount(0);

  // Back online, no reload: signed in again, and the item is in the account's saved cart.
  const merged = page.waitForResponse((r) => r.url().endsWith('/api/cart/merge') && r.ok());
  await context.setOffline(false);
  await expect(account).toBeVisible();
  await expect(page.getByTestId('session-unknown')).toHaveCount(0);
  await merged;
  const session = await (await page.request.get('/api/session')).json();
  expect(session.shopper.cartItems).toEqual({ [product!._id]: 1 });
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.screenshot({ path: '/tmp/sf-offline-back.png' });
});

test('a product never opened shows offline from the catalogue this browser saw', async ({ page, context }) => {
  const products = await firstProducts(page, 3);
  const never = products[2]!;
  await page.goto('/products');
  await underServiceWorker(page);
  // Seen under the service worker: the list answer is kept.
  const listed = page.waitForResponse((r) => r.url().includes('/api/products?') && r.ok());
  await page.reload();
  await listed;
  await expect(page.getByText(never.name).first()).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/products/${never.category.toLowerCase()}/${never._id}`);
  await expect(page.getByRole('heading', { level: 1, name: never.name })).toBeVisible();
  await expect(page.getByText('Loading product…')).toHaveCount(0);
  await expect(page.getByTestId('tax-note')).toHaveText('+2% tax at checkout · delivery fee checked when you’re back online');
  await page.screenshot({ path: '/tmp/sf-offline-product.png' });
  await context.setOffline(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a toast shows below the search box, and the chat box above the cart bar', async ({ page }) => {
    const email = `tara-${Date.now()}@example.com`;
    expect((await page.request.post('/api/register', { data: { firstName: 'Tara', email, password: PASSWORD } })).ok()).toBe(true);
    const [product] = await firstProducts(page, 1);
    await page.goto('/products');
    // Measured in the page while the toast is there (it leaves after two seconds: on a busy machine that can
    // pass between two steps of the test).
    const measured = page.waitForFunction(() => {
      const toast = Array.from(document.querySelectorAll('[data-rht-toaster] [role="status"]')).find((el) => el.textContent?.includes('Added to cart'));
      const search = Array.from(document.querySelectorAll('[role="search"]'))
        .map((el) => el.getBoundingClientRect())
        .find((rect) => rect.height > 0);
      if (!toast || !search || toast.getBoundingClientRect().height === 0) return null;
      // Its entry animation over (a busy machine can show two frames before the animation moves it from where it
      // starts, above its place), then where it rests: the same place two frames running.
      let bar: Element | null = toast;
      while (bar && getComputedStyle(bar).animationName === 'none') bar = bar.parentElement;
      if (bar && (getComputedStyle(bar).opacity !== '1' || bar.getAnimations().some((animation) => animation.playState !== 'finished'))) return null;
      const seen = window as unknown as { lastToastTop?: number };
      const top = toast.getBoundingClientRect().y;
      const resting = seen.lastToastTop === top;
      seen.lastToastTop = top;
      return resting ? { toastTop: top, searchBottom: search.y + search.height } : null;
    });
    await page
      .getByRole('button', { name: `Add ${product!.name} to cart` })
      .first()
      .click();
    const { toastTop, searchBottom } = (await (await measured).jsonValue())!;
    expect(toastTop).toBeGreaterThanOrEqual(searchBottom);
    await page.screenshot({ path: '/tmp/sf-phone-toast.png' });

    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: 'Message to the shop' });
    await expect(composer).toBeVisible();
    const bar = await page.getByTestId('phone-cart-bar').boundingBox();
    const box = await composer.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
    await page.screenshot({ path: '/tmp/sf-phone-chat.png' });
  });
});
