import { expect, type Page, test } from '@playwright/test';
import { formatRupees, priceCart } from '@greencart/domain';
import { SELLER } from '../playwright.config';

async function signUp(page: Page, firstName: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'click here' }).click();
  await dialog.getByLabel('Name').fill(firstName);
  await dialog.getByLabel('Email').fill(`${firstName.toLowerCase()}-${Date.now()}@example.com`);
  await dialog.getByLabel('Password').fill('a-good-password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

test('COD order from cart to delivered, with both roles', async ({ page, browser, request }) => {
  await page.goto('/');
  await signUp(page, 'Kavya');

  // An address first: /Add-Adress returns to the cart with it selected.
  await page.goto('/cart');
  await page.goto('/Add-Adress');
  await expect(page.getByRole('heading', { name: 'Add Shipping Address' })).toBeVisible();
  // Eight fields to fill: the email is optional, the country starts at India (the only one offered).
  await expect(page.getByLabel('Email (optional)')).toHaveValue('');
  await expect(page.getByLabel('Country')).toHaveValue('India');
  const fields: Record<string, string> = {
    'First Name': 'Kavya',
    'Last Name': 'Iyer',
    City: 'Chennai',
    State: 'Tamil Nadu',
    Pincode: '600001',
    // Typed the way people type it.
    Phone: '098765-43210',
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  // A pasted street longer than the limit is kept whole, counted, and not sent.
  const street = page.getByLabel('Street', { exact: true });
  const pasted = `7 Lake View Road, ${'near the old temple tank, '.repeat(9)}`.trim();
  await street.fill(pasted);
  await expect(street).toHaveValue(pasted);
  await expect(page.getByTestId('street-count')).toHaveText(/^251\/200\s*characters: 51 too many$/);
  for (const [name, size] of Object.entries({ phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } })) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `e2e/artifacts/screenshots/address-form-${name}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Street must be at most 200 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/Add-Adress$/);
  await street.fill('7 Lake View Road');
  await expect(page.getByTestId('street-count')).toHaveText(/^16\/200\s*characters$/);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart/);

  // Two products in the cart.
  const { products } = await (await request.get('/api/products?inStock=true&limit=2')).json();
  for (const product of products) {
    await page.goto(`/products/${product.category.toLowerCase()}/${product._id}`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await saved; // the signed-in cart lives on the server
  }
  await page.goto('/cart');
  await expect(page.getByTestId('selected-address')).toContainText('7 Lake View Road');
  await expect(page.getByTestId('selected-address')).toContainText('Kavya Iyer · 600001 · +91 98765 43210');
  const expected = priceCart(products.map((p: { offerPrice: number }) => ({ offerPrice: p.offerPrice, quantity: 1 })));
  await expect(page.getByTestId('cart-total')).toHaveText(formatRupees(expected.totalPaise));
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  // The confirmation: number, promised time, items, the bill adding up to the total, the address, the payment.
  await expect(page).toHaveURL(/\/order-placed$/);
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(/^GC-\d+$/);
  await expect(page.getByTestId('order-promised')).not.toBeEmpty();
  await expect(page.getByTestId('order-payment')).toContainText('Cash on delivery');
  const bill = page.getByTestId('order-bill');
  await expect(bill).toContainText(formatRupees(expected.subtotalPaise));
  await expect(bill).toContainText(formatRupees(expected.taxPaise));
  await expect(bill).toContainText('Delivery fee');
  await expect(page.getByTestId('order-address')).toContainText('7 Lake View Road');
  await expect(page.getByTestId('order-address').getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
  for (const [name, size] of Object.entries({ phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } })) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `e2e/artifacts/screenshots/order-placed-${name}.png`, fullPage: true });
  }
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page).toHaveURL(/\/My-orders$/);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  const card = page.getByTestId('order-card').first();
  await expect(card).toContainText(formatRupees(expected.totalPaise));
  await expect(card.getByTestId('order-status')).toHaveText('Order Placed');
  await expect(card.getByTestId('order-payment')).toHaveText('Cash on delivery · to be paid');
  await expect(card.getByTestId('order-address')).toContainText('7 Lake View Road');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/my-orders.png', fullPage: true });

  // The seller moves it along in another browser context.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await seller.goto('/seller');
  await seller.getByLabel('Email').fill(SELLER.email);
  await seller.getByLabel('Password').fill(SELLER.password);
  await seller.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(seller.getByText('Hi · Owner')).toBeVisible();
  await seller.goto('/seller/orders');
  const order = seller.getByTestId('seller-order').filter({ hasText: '7 Lake View Road' });
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
  for (const [button, status] of [
    ['Mark Packing', 'Packing'],
    ['Mark Out for delivery', 'Out for delivery'],
    ['Mark Delivered', 'Delivered'],
  ]) {
    await order.getByRole('button', { name: button }).click();
    // Delivered is asked for once more, in the app.
    if (status === 'Delivered')
      await seller
        .getByRole('dialog', { name: /delivered\?$/ })
        .getByRole('button', { name: 'Mark Delivered' })
        .click();
    await expect(order.getByTestId('order-status')).toHaveText(status);
  }
  await seller.screenshot({ path: 'e2e/artifacts/screenshots/seller-orders.png', fullPage: true });
  await sellerContext.close();

  // The shopper's page follows without a manual reload (it polls).
  await expect(card.getByTestId('order-status')).toHaveText('Delivered', { timeout: 20_000 });
  await expect(card.getByTestId('order-payment')).toHaveText('Paid · cash on delivery');
  // The timeline: each step with its time.
  await expect(card.getByTestId('order-timeline').locator('time')).toHaveCount(4);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/my-orders-timeline-phone.png' });
});

test('placing an order without an address is blocked on the client', async ({ page }) => {
  await page.goto('/');
  await signUp(page, 'Nilesh');
  await page.getByTestId('product-card').first().getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('link', { name: /^Cart,/ }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please select an address')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
});
