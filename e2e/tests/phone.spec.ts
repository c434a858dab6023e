import { expect, type Page, test } from '@playwright/test';
import { SELLER } from '../playwright.config';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

/** How many cards share the first row of the grid. */
async function columns(page: Page) {
  const tops = await page.getByTestId('product-card').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

async function signUp(page: Page, firstName: string) {
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'click here' }).click();
  await dialog.getByLabel('Name').fill(firstName);
  await dialog.getByLabel('Email').fill(`${firstName.toLowerCase()}-${Date.now()}@example.com`);
  await dialog.getByLabel('Password').fill('a-good-password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

async function addAddress(page: Page, street: string) {
  await page.goto('/Add-Adress');
  await expect(page.getByLabel('First Name', { exact: true })).not.toHaveValue('');
  for (const [label, value] of Object.entries({
    'Last Name': 'Iyer',
    Street: street,
    City: 'Chennai',
    State: 'Tamil Nadu',
    Pincode: '600001',
    Phone: '9876543210',
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart/);
}

test.describe('phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  // Each page opened as a first visit: once the service worker controls the page (it may, by the second
  // navigation, on a busy machine), navigations are answered by its precached shell, which has no hints
  // (that is the installable app's behaviour, pwa.spec.ts).
  test.describe('a first visit, before the service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test("the first page's data, scripts and first pictures are asked for once, by the HTML itself", async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const asked: { path: string; by: string }[] = [];
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
        const url = new URL(request.url);
        if (/^\/(api\/products|api\/images|assets\/pages-)/.test(url.pathname)) asked.push({ path: url.pathname + url.search, by: initiator.type });
      });
      const once = (path: string | RegExp) => {
        const found = asked.filter((request) => (typeof path === 'string' ? request.path === path : path.test(request.path)));
        expect(found, `${String(path)} asked for ${found.length} times: ${JSON.stringify(asked)}`).toHaveLength(1);
        expect(found[0].by).toBe('parser');
      };

      // The hints wait at most a moment for the catalogue, which a shop just started may still be reading.
      await expect(async () => expect((await page.request.get('/api/products?limit=1')).ok()).toBe(true)).toPass();
      await page.goto('/products');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      once('/api/products?page=1&limit=20');
      once(/^\/assets\/pages-/);
      const firstPicture = await page.getByTestId('product-card').first().locator('img').getAttribute('src');
      once(firstPicture!);

      const product = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href');
      const id = product!.split('/').pop();
      asked.length = 0;
      await page.goto(product!);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      once(`/api/products/${id}`);
      once(/^\/api\/images\/[0-9a-f]{24}$/);
    });
  });

  test('two-column grid, search in the header with results as you type, sticky bars, 44px targets', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    const sessionChecks: string[] = [];
    page.on('request', (request) => /\/api\/(session|isAuth|is-auth-seller)$/.test(new URL(request.url()).pathname) && sessionChecks.push(request.url()));

    await page.goto('/products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(await columns(page)).toBe(2);
    await noSideScroll(page);
    expect(sessionChecks.map((url) => new URL(url).pathname)).toEqual(['/api/session']);

    // The plain box of the first page, or the combobox with suggestions that replaces it (features/search).
    const search = page.getByLabel('Search products', { exact: true });
    await expect(search).toBeVisible();
    await search.pressSequentially('mang', { delay: 50 });
    await expect(page).toHaveURL(/\/products\?search=mang/);
    await expect(page.getByTestId('product-card').first()).toContainText(/mango/i);

    const cart = page.getByRole('link', { name: /^Cart,/ });
    const box = await cart.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await page.goto('/products');
    await page.getByTestId('product-card').first().getByRole('button', { name: /^Add / }).click();
    await expect(page.getByRole('button', { name: /^Add one more / }).first()).toBeFocused();
    const bar = page.getByTestId('phone-cart-bar');
    await expect(bar).toBeInViewport();
    await page.screenshot(shot('phone-products'));

    await page.getByTestId('product-card').first().getByRole('link').click();
    const actions = page.getByTestId('product-actions');
    // Already in the cart (added from its card): the sticky bar holds the stepper, within a thumb's reach.
    await expect(actions.getByRole('button', { name: /^Add one more / })).toBeInViewport();
    await page.mouse.wheel(0, 1500);
    await expect(actions.getByRole('button', { name: /^Add one more / })).toBeInViewport();
    await expect(actions.getByRole('button', { name: /^Remove one / })).toBeInViewport();
    await page.screenshot(shot('phone-product'));

    await bar
      .or(page.getByRole('link', { name: /^Cart,/ }))
      .first()
      .click();
    await expect(page.getByTestId('checkout-bar').getByRole('button', { name: 'Place Order' })).toBeInViewport();
    await page.screenshot(shot('phone-cart'));
    expect(consoleErrors).toEqual([]);
  });

  test('first screen: the delivery line, a category strip and products above the fold; no seller link for shoppers', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Organic veggies' })).toBeInViewport();
    await expect(page.getByTestId('product-card').first()).toBeInViewport();
    await expect(
      page
        .getByRole('button', { name: /delivery/i })
        .or(page.getByText(/Delivery in|pincode/i))
        .first(),
    ).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Seller Dashboard' })).toHaveCount(0);
    await noSideScroll(page);
    await page.screenshot(shot('phone-home'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'All Products' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Seller Dashboard' })).toHaveCount(0);
  });

  test.describe('without the service worker', () => {
    // page.route cannot slow down what the service worker fetches itself (the kept catalogue and session): this test is about the page on a slow network.
    test.use({ serviceWorkers: 'block' });

    test('a slow connection: the cart shows a skeleton, never "No Items in cart", and the header is not signed out before the session answers', async ({
      page,
    }) => {
      await page.goto('/products');
      await signUp(page, 'Slow');
      await page.getByTestId('product-card').first().getByRole('button', { name: /^Add / }).click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');

      // Every API call takes 2 s from now on; the page records whether it ever claimed an empty cart or a signed-out header.
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.fallback();
      });
      await page.addInitScript(() => {
        const seen = new Set<string>();
        (window as unknown as { falseStates: Set<string> }).falseStates = seen;
        new MutationObserver(() => {
          if (document.body?.innerText.includes('No Items in cart')) seen.add('empty cart');
          if (document.querySelector('[data-testid="cart-count"]')?.textContent === '0') seen.add('badge 0');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto('/cart');
      await expect(page.getByTestId('cart-skeleton')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
      await page.screenshot(shot('phone-cart-loading'));
      await expect(page.getByRole('heading', { name: /Shopping Cart/ })).toContainText('1 Item', { timeout: 15_000 });
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      expect(await page.evaluate(() => [...(window as unknown as { falseStates: Set<string> }).falseStates])).toEqual([]);
    });
  });

  test('the seller runs the product list and orders at phone width', async ({ page }) => {
    await page.goto('/seller');
    await page.getByLabel('Email').fill(SELLER.email);
    await page.getByLabel('Password').fill(SELLER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Hi · Owner')).toBeVisible();

    await page.goto('/seller/product-list');
    const first = page.getByTestId('seller-product-row').first();
    await expect(first).toBeVisible();
    await noSideScroll(page);
    for (const control of [first.getByRole('button', { name: /^Edit / }), first.getByRole('button', { name: /^Delete / })])
      await expect(control).toBeInViewport();
    await first.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog');
    const size = await dialog.boundingBox();
    expect(size!.x).toBeGreaterThanOrEqual(0);
    expect(size!.x + size!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeInViewport();
    await page.screenshot(shot('phone-seller-edit'));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/seller/orders');
    await expect(page.getByLabel('Status')).toBeVisible();
    await noSideScroll(page);
    await page.screenshot(shot('phone-seller-orders'));
  });
});

test.describe('desktop (1366×900)', () => {
  test.use({ viewport: DESKTOP });

  test('224px cards, as many as fit', async ({ page }) => {
    await page.goto('/products');
    const card = page.getByTestId('product-card').first();
    await expect(card).toBeVisible();
    expect((await card.boundingBox())!.width).toBe(224);
    expect(await columns(page)).toBeGreaterThanOrEqual(5);
  });

  test('addresses: edit and delete; orders: buy again and cancel while “Order Placed”', async ({ page, request }) => {
    await page.goto('/');
    await signUp(page, 'Lakshmi');
    await addAddress(page, '7 Lake View Road');
    await addAddress(page, '21 Temple Street');

    await page.goto('/Add-Adress');
    const saved = page.getByTestId('saved-address');
    await expect(saved).toHaveCount(2);
    await page.getByRole('link', { name: /Edit address 21 Temple Street/ }).click();
    await page.getByLabel('Street', { exact: true }).fill('22 Temple Street');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(/\/cart/);
    await page.goto('/Add-Adress');
    await expect(page.getByText(/22 Temple Street/).first()).toBeVisible();
    await page.getByRole('button', { name: /Delete address 22 Temple Street/ }).click();
    await page.getByRole('dialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete address' }).click();
    await expect(saved).toHaveCount(1);

    // A product in several pack sizes: its default size is the one whose cart key "Buy again" got wrong.
    const { products } = await (await request.get('/api/products?inStock=true&limit=100')).json();
    const sized = (products as { _id: string; category: string; variants: { inStock: boolean }[] }[]).find(
      (p) => p.variants.length > 1 && p.variants[0].inStock,
    )!;
    await page.goto(`/products/${sized.category.toLowerCase()}/${sized._id}`);
    const savedCart = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await savedCart;
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-placed$/);
    await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
    await page.getByRole('link', { name: 'Track this order' }).click();
    await expect(page).toHaveURL(/\/My-orders$/);
    const card = page.getByTestId('order-card').first();
    await expect(card.getByTestId('order-number')).toHaveText(/^(GC-\d+|#[0-9A-F]{6})$/);
    await page.screenshot(shot('desktop-my-orders'));

    await card.getByRole('button', { name: 'Buy again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // The reorder takes exactly its lines out of the cart: nothing is left to order twice.
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-placed$/);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'No Items in cart' })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
    await page.screenshot(shot('desktop-cart-after-reorder'));

    await page.goto('/My-orders');
    await card.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByRole('dialog', { name: /^Cancel order / })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });
});
