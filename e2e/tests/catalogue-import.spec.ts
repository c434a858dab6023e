import { expect, test, type Page } from '@playwright/test';
import { SELLER } from '../playwright.config';

/**
 * Catalogue import (issue 38), on a phone: a file with a wrong row is checked and the error named with its
 * line and column; the fixed file is applied, its progress shown, and the products are in the shop.
 */
const PHONE = { width: 390, height: 844 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });
const HEADER = 'sku,barcode,name,category,description,pack_size,size_amount,size_unit,price,offer_price,stock,in_stock,images,product_id,variant_id';

async function signInSeller(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

test('a seller on a phone imports a catalogue file: a wrong row named, fixed, applied with progress, the products in the shop', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInSeller(page);
  const stamp = Date.now().toString(36);
  const name = (i: number) => `Imported Rusk ${stamp} ${i}`;
  const rows = (price: (i: number) => string) =>
    Array.from({ length: 6 }, (_, i) => `RUSK-${stamp}-${i},,${name(i)},Bakery,Crisp tea rusk,200 g,200,g,${price(i)},40,,true,,,`);
  const file = (lines: string[]) => ({ name: 'rusks.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n') });

  await page.goto('/seller/products/import');
  // Line 4 (the header is line 1) has a price that is not a number.
  await page.getByLabel('Catalogue file (CSV)').setInputFiles(file(rows((i) => (i === 2 ? 'forty five' : '45'))));
  await page.getByRole('button', { name: 'Check file' }).click();
  const error = page.getByTestId('row-error');
  await expect(error).toHaveCount(1);
  await expect(error).toContainText('4');
  await expect(error).toContainText('price');
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  await page.screenshot({ ...shot('phone-import-row-error'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Fixed: 6 to create, nothing wrong; applied, with its progress, to the end.
  await page.getByLabel('Catalogue file (CSV)').setInputFiles(file(rows(() => '45')));
  await page.getByRole('button', { name: /^Check (file|again)$/ }).click();
  await expect(page.getByTestId('import-check')).toContainText('6');
  await expect(page.getByTestId('row-error')).toHaveCount(0);
  // Its progress is asked for while it applies (6 rows finish fast: the bar may have come and gone).
  const progress = page.waitForResponse((r) => /\/api\/seller\/products\/import\/[^/?]+$/.test(r.url()) && r.request().method() === 'GET' && r.ok());
  await page.getByRole('button', { name: 'Apply import' }).click();
  const reported = (await (await progress).json()) as { state: string; total: number };
  expect(['checking', 'applying', 'done']).toContain(reported.state);
  expect(reported.total).toBe(6);
  await expect(page.getByText('Import finished: 6 created, 0 updated')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ ...shot('phone-import-finished'), fullPage: true });

  // A shopper sees them.
  const shopper = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const shop = await shopper.newPage();
  await shop.goto(`/products?search=${encodeURIComponent(name(3))}`);
  await expect(shop.getByTestId('product-card').filter({ hasText: name(3) })).toBeVisible();
  const { products } = await (await shopper.request.get(`/api/products?search=${encodeURIComponent(`Imported Rusk ${stamp}`)}&limit=20`)).json();
  expect((products as { name: string }[]).filter((p) => p.name.startsWith(`Imported Rusk ${stamp}`))).toHaveLength(6);
  await shopper.close();
  await context.close();
});
