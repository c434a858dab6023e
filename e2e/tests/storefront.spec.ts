import { expect, test } from '@playwright/test';
import { formatRupees, priceCart } from '@greencart/domain';

const shots = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png`, fullPage: true });

test('home → category → product → cart shows the right total', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /best sellers/i })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // Card images load lazily: bring them into view before the full-page screenshot.
  await page.getByTestId('product-card').last().scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(shots('home'));

  await page.getByRole('link', { name: 'Fresh Fruits' }).click();
  await expect(page).toHaveURL(/\/products\/fruits$/);
  await expect(page.getByRole('heading', { name: /fresh fruits/i })).toBeVisible();

  // Open the first in-stock fruit's detail page by clicking its card.
  const { products } = await (await request.get('/api/products?category=Fruits&inStock=true&limit=1')).json();
  const fruit = products[0];
  await page.getByTestId('product-card').filter({ hasText: fruit.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/fruits/${fruit._id}$`));
  await expect(page.getByRole('heading', { name: fruit.name })).toBeVisible();
  // Honest about the bill: the 2% tax is added at checkout (issue 14).
  await expect(page.getByTestId('tax-note')).toHaveText(/\+2% tax at checkout/);
  await expect(page.getByText('inclusive of all taxes')).toHaveCount(0);
  await page.screenshot(shots('product'));

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // Once in the cart, the button becomes the same stepper as the cards' (issue 27).
  const more = page.getByTestId('product-actions').getByRole('button', { name: `Add one more ${fruit.name}` });
  await more.click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await more.click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const expected = priceCart([{ offerPrice: fruit.offerPrice, quantity: 3 }]);
  await expect(page.getByTestId('cart-total')).toHaveText(formatRupees(expected.totalPaise));
  await page.screenshot(shots('cart'));

  // The guest cart survives a reload.
  await page.reload();
  await expect(page.getByTestId('cart-total')).toHaveText(formatRupees(expected.totalPaise));
});

test('search with no match shows the empty message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Search products', { exact: true }).fill('zzzqqq');
  await expect(page).toHaveURL(/\/products\?search=zzzqqq/);
  await expect(page.getByRole('heading', { name: 'ALL PRODUCTS' })).toBeVisible();
  await expect(page.getByText("Sorry, zzzqqq isn't available.")).toBeVisible();
});

test('an unknown category and unknown pages show the not-found page', async ({ page }) => {
  await page.goto('/products/spaceships');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'spaceships' })).toHaveCount(0);
  await page.goto('/no/such/page');
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
});
