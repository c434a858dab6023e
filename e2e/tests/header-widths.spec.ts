import { expect, type Locator, type Page, test } from '@playwright/test';

/** Phone, large phone, tablet, small laptop, laptop, desktop. */
const WIDTHS = [360, 390, 768, 1024, 1280, 1440];
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

async function withinViewport(page: Page, control: Locator, what: string) {
  await expect(control, what).toBeVisible();
  const box = (await control.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the screen (${width} px)`).toBeLessThanOrEqual(width);
}

/** The header at each width: no sideways scroll, and its cart, account (or login, or the menu holding it) and chat on screen. */
async function checkHeader(page: Page, signedIn: boolean) {
  const header = page.getByRole('navigation', { name: 'Main' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('delivery-line')).toBeVisible();
    await withinViewport(page, header.getByRole('link', { name: /^Cart/ }), `cart at ${width} px`);
    if (width >= 1024) {
      const account = signedIn ? header.getByRole('button', { name: /^Account menu for / }) : header.getByRole('button', { name: 'Login', exact: true });
      await withinViewport(page, account, `${signedIn ? 'account menu' : 'login'} at ${width} px`);
      if (width >= 1280) await withinViewport(page, header.getByRole('link', { name: 'All Products' }), `links at ${width} px`);
    } else {
      // Phones and tablets: the account and login live in the menu.
      await withinViewport(page, header.getByRole('button', { name: 'Open menu' }), `menu at ${width} px`);
    }
    if (signedIn) await withinViewport(page, header.getByRole('link', { name: /^Chat with Shop/ }), `chat at ${width} px`);
    await withinViewport(page, page.getByLabel('Search products', { exact: true }), `search at ${width} px`);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(innerWidth);
    await page.screenshot(shot(`header-${signedIn ? 'signed-in' : 'signed-out'}-${width}`));
  }
}

test('the header fits signed out at 360, 390, 768, 1024, 1280 and 1440 px', async ({ page }) => {
  await checkHeader(page, false);
});

test('the header fits signed in, with a pincode chosen, at 360, 390, 768, 1024, 1280 and 1440 px', async ({ page }) => {
  await page.goto('/');
  const email = `header-${Date.now()}@example.com`;
  expect((await page.request.post('/api/register', { data: { firstName: 'Lakshminarayanan', email, password: 'a-good-password' } })).ok()).toBe(true);
  // The longest header: a delivery promise with its pincode beside the links.
  await page.evaluate(() => localStorage.setItem('greencart:pincode', '411045'));
  await checkHeader(page, true);
});
