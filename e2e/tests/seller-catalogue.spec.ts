import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { SELLER } from '../playwright.config';

/** A real picture, drawn here: a coloured disc on white. */
function picture(colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#fff"/><circle cx="200" cy="200" r="150" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('the seller adds a product with two images, sees it everywhere, and takes it out of stock', async ({ page, browser }) => {
  const name = `Alphonso Mango Box ${Date.now()}`;
  await page.goto('/seller/add-product');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();

  await page.getByLabel('Upload image 1').setInputFiles({ name: 'mango-1.png', mimeType: 'image/png', buffer: await picture('#f4a300') });
  await page.getByLabel('Upload image 2').setInputFiles({ name: 'mango-2.png', mimeType: 'image/png', buffer: await picture('#e85d04') });
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Product Description').fill('Ratnagiri Alphonso\nHand-picked, naturally ripened');
  await page.getByLabel('Category').selectOption('Fruits');
  await page.getByLabel('Product Price').fill('899');
  await page.getByLabel('Offer Price').fill('749.50');
  await page.getByLabel('Weight').fill('1 kg');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/seller-add-product.png', fullPage: true });
  await page.getByRole('button', { name: 'ADD', exact: true }).click();
  await expect(page.getByText('Product added')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('');

  // In the seller's list.
  await page.goto('/seller/product-list');
  await page.getByLabel('Search products by name').fill(name);
  const row = page.getByTestId('seller-product-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('749.50');

  // On the storefront, with both pictures.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/products?search=Alphonso Mango Box');
  const card = shopper.getByTestId('product-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.click();
  await expect(shopper.getByRole('heading', { name })).toBeVisible();
  await expect(shopper.getByRole('button', { name: /Show picture \d of 2/ })).toHaveCount(2);
  await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

  // Out of stock: the storefront shows it unavailable.
  const toggle = row.getByRole('switch', { name: `In stock: ${name}` });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  await expect(
    page
      .getByText('Stock updated')
      .or(page.getByText(/out of stock/i))
      // The phone layout's stock label is in the page too, hidden at this width.
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByText('Out of stock — check back soon.')).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await shopper.goto('/products?search=Alphonso Mango Box');
  await expect(shopper.getByTestId('product-card').filter({ hasText: name }).getByText('Out of stock')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/seller-product-list.png', fullPage: true });
});
