import { expect, type Page, test } from '@playwright/test';
import { animationsDone } from '../animations';
import { blocking, noToasts, wcagViolations } from '../axe-scan';
import { SELLER } from '../playwright.config';

/* WCAG 2.1 A and AA; a page passes with no serious or critical violation (axe-scan.ts). */

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  url: string;
  nodes: { target: string; summary: string }[];
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.where}: [${f.impact}] ${f.rule}: ${f.help} (${f.url})\n` +
        f.nodes.map((n) => `    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n'),
    )
    .join('\n');
}

/** The page has drawn its data: nothing is still loading, the network is quiet and no toast is showing. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  // Entrance transitions (dialogs, menus) finish before colours are measured.
  await animationsDone(page);
  // Toasts go first: one that starts fading out while axe runs is measured in its blended colours (#fbfbfb on white).
  await noToasts(page);
}

/** Scans what the page shows now and records every serious or critical violation (a toast that came in meanwhile: axe-scan.ts). */
async function scan(page: Page, findings: Finding[], where: string) {
  await settle(page);
  for (const v of blocking(await wcagViolations(page))) {
    findings.push({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      url: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    });
  }
}

async function visitAndScan(page: Page, findings: Finding[], path: string, where = path) {
  await page.goto(path);
  await scan(page, findings, where);
}

function expectNone(findings: Finding[]) {
  expect(findings.length, `serious or critical violations:\n${report(findings)}`).toBe(0);
}

/** The phone layout keeps Login in the menu; wide screens show it in the navbar. */
async function openLoginDialog(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.locator('header').getByRole('button', { name: 'Login', exact: true }).filter({ visible: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
  }
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function someProductPage(page: Page): Promise<string> {
  const { products } = await (await page.request.get('/api/products?inStock=true&limit=1')).json();
  return `/products/${products[0].category.toLowerCase()}/${products[0]._id}`;
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const at = (where: string) => `[${viewport.name}] ${where}`;
    // Each test scans a dozen or more pages (axe takes a few seconds a page on a busy 2-core machine).
    test.describe.configure({ timeout: 180_000 });

    test('storefront pages as a guest', async ({ page }) => {
      const findings: Finding[] = [];
      const productPage = await someProductPage(page);
      await visitAndScan(page, findings, '/', at('/'));
      await visitAndScan(page, findings, '/products', at('/products'));
      await visitAndScan(page, findings, '/products?search=zzzqqq', at('/products (no match)'));
      await visitAndScan(page, findings, '/products/fruits', at('/products/fruits'));
      await visitAndScan(page, findings, productPage, at('product page'));
      await visitAndScan(page, findings, '/cart', at('/cart (empty)'));
      await page.goto(productPage);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await visitAndScan(page, findings, '/cart', at('/cart (one item, guest)'));
      await visitAndScan(page, findings, '/contact', at('/contact'));
      await visitAndScan(page, findings, '/Add-Adress', at('/Add-Adress (guest)'));
      await visitAndScan(page, findings, '/My-orders', at('/My-orders (guest)'));
      await visitAndScan(page, findings, '/chat', at('/chat (guest)'));
      await visitAndScan(page, findings, '/no/such/page', at('not-found page'));

      await page.goto('/');
      if (viewport.width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await scan(page, findings, at('/ with the phone menu open'));
        await page.getByRole('button', { name: 'Close menu' }).click();
      }
      await openLoginDialog(page);
      await scan(page, findings, at('login dialog'));
      await page.getByRole('dialog').getByRole('button', { name: 'click here' }).click();
      await scan(page, findings, at('sign-up dialog'));
      await page.getByRole('dialog').getByRole('button', { name: 'click here' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
      await scan(page, findings, at('forgot-password dialog'));
      await page.keyboard.press('Escape');
      await visitAndScan(page, findings, '/reset-password#token=not-a-token', at('/reset-password (a bad link)'));
      expectNone(findings);
    });

    test('storefront pages as a signed-in shopper', async ({ page }) => {
      const findings: Finding[] = [];
      const email = `a11y-${viewport.name}-${Date.now()}@example.com`;
      expect((await page.request.post('/api/register', { data: { firstName: 'Asha', email, password: 'a-good-password' } })).ok()).toBe(true);
      const productPage = await someProductPage(page);

      await visitAndScan(page, findings, '/', at('/ (shopper)'));
      if (viewport.width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await scan(page, findings, at('/ with the phone menu open (shopper)'));
      } else {
        await page.getByRole('button', { name: 'Account menu for Asha' }).click();
        await scan(page, findings, at('/ with the account menu open'));
      }
      await visitAndScan(page, findings, '/cart', at('/cart (empty, shopper)'));
      await visitAndScan(page, findings, '/Add-Adress', at('/Add-Adress (shopper)'));
      // Submitting the empty form shows every field's error.
      await page.getByRole('button', { name: 'Save Address' }).click();
      await scan(page, findings, at('/Add-Adress with errors'));
      const fields: Record<string, string> = {
        'First Name': 'Asha',
        'Last Name': 'Rao',
        'Email (optional)': email,
        Street: '12 Park Street',
        City: 'Kolkata',
        State: 'West Bengal',
        Pincode: '700016',
        Phone: '9876512345',
      };
      for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/\/cart/);

      await page.goto(productPage);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await saved;
      await visitAndScan(page, findings, '/cart', at('/cart (one item and an address)'));
      await visitAndScan(page, findings, '/My-orders', at('/My-orders (none yet)'));
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/order-placed$/);
      await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
      await scan(page, findings, at('/order-placed'));
      await page.getByRole('link', { name: 'Track this order' }).click();
      await expect(page).toHaveURL(/\/My-orders$/);
      await scan(page, findings, at('/My-orders (one order)'));

      await visitAndScan(page, findings, '/chat', at('/chat (shopper)'));
      const box = page.getByRole('textbox', { name: 'Message to the shop' });
      await box.fill('Is the delivery today?');
      await box.press('Enter');
      await expect(page.getByTestId('chat-message').filter({ hasText: 'Is the delivery today?' })).toBeVisible();
      await scan(page, findings, at('/chat with a message'));
      await visitAndScan(page, findings, '/contact', at('/contact (shopper)'));
      await visitAndScan(page, findings, '/account', at('/account (shopper)'));
      expectNone(findings);
    });

    test('seller pages', async ({ page }) => {
      const findings: Finding[] = [];
      await visitAndScan(page, findings, '/seller', at('/seller login'));
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await scan(page, findings, at('/seller login, empty submit'));
      await page.getByLabel('Email').fill('shopper@example.com');
      await page.getByLabel('Password').fill('not-the-seller');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await scan(page, findings, at('/seller login, refused'));

      await page.getByLabel('Email').fill(SELLER.email);
      await page.getByLabel('Password').fill(SELLER.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Hi · Owner')).toBeVisible();
      await expect(page.getByTestId('today-figures')).toBeVisible();
      await scan(page, findings, at('/seller (dashboard)'));
      await visitAndScan(page, findings, '/seller/add-product', at('/seller/add-product'));
      await visitAndScan(page, findings, '/seller/product-list', at('/seller/product-list'));
      await visitAndScan(page, findings, '/seller/orders', at('/seller/orders'));
      await visitAndScan(page, findings, '/seller/chats', at('/seller/chats'));
      await visitAndScan(page, findings, '/seller/mail', at('/seller/mail'));
      const conversation = page.getByTestId('conversation').first();
      if (await conversation.isVisible()) {
        await conversation.click();
        await expect(page.getByTestId('chat-message').first()).toBeVisible();
        await scan(page, findings, at('/seller/chats with a conversation open'));
      }
      await visitAndScan(page, findings, '/seller/no-such-page', at('/seller not-found page'));
      expectNone(findings);
    });
  });
}
