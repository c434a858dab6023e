import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { oneSizeProducts, sellerApi, type Product } from '../shop-api';

/** Counted stock (issue 19) and delivery areas (issue 20) as a shopper meets them on a phone. */

const PHONE = { width: 390, height: 844 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

/** The last product a shopper can order (other specs add products and take them out of stock), of one size. */
async function lastProduct(api: APIRequestContext): Promise<Product> {
  // One size: `{ id, stock }` counts it (another test may have added a product in several sizes last).
  return (await oneSizeProducts(api)).at(-1)!;
}

const productPage = (p: Product) => `/products/${p.category.toLowerCase()}/${p._id}`;

async function signUp(page: Page, firstName: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'click here' }).click();
  await dialog.getByLabel('Name').fill(firstName);
  await dialog.getByLabel('Email').fill(`${firstName.toLowerCase()}-${Date.now()}@example.com`);
  await dialog.getByLabel('Password').fill('a-good-password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

async function addAddress(page: Page, pincode: string, street: string) {
  await page.goto('/Add-Adress');
  await expect(page.getByLabel('First Name', { exact: true })).not.toHaveValue('');
  for (const [label, value] of Object.entries({
    'Last Name': 'Kulkarni',
    Street: street,
    City: 'Pune',
    State: 'Maharashtra',
    Pincode: pincode,
    Phone: '9876543210',
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

test.describe('stock and delivery on a phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('"Only 3 left", quantity capped at what is left, a cart line that sold out meanwhile with a one-tap fix', async ({ page, baseURL }) => {
    const seller = await sellerApi(baseURL!);
    const product = await lastProduct(seller);
    try {
      expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 3 } })).ok()).toBe(true);
      await page.goto(productPage(product));
      await expect(page.getByTestId('few-left')).toHaveText('Only 3 left');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const plus = page.getByRole('button', { name: `Add one more ${product.name}` });
      await plus.click();
      await plus.click();
      await expect(page.getByTestId('product-actions')).toContainText('In cart: 3');
      await expect(plus).toBeDisabled();
      await page.screenshot(shot('phone-only-3-left'));

      // Two are sold elsewhere: the cart says only 1 is left, and one tap fixes the line.
      expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 1 } })).ok()).toBe(true);
      await page.goto('/cart');
      const problem = page.getByTestId('line-problem');
      await expect(problem).toContainText('Only 1 left — you have 3');
      await page.screenshot(shot('phone-cart-short'));
      await problem.getByRole('button', { name: 'Change to 1' }).click();
      await expect(problem).toBeHidden();
      await expect(page.getByTestId('cart-line').getByTestId('stepper-quantity')).toHaveText('In cart: 1');

      // Sold out meanwhile: said so, left out of the total, removed in one tap.
      expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 0 } })).ok()).toBe(true);
      await page.reload();
      await expect(page.getByTestId('line-problem')).toContainText('Sold out — not included in the total');
      await page.getByTestId('line-problem').getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByRole('heading', { name: 'No Items in cart' })).toBeVisible();
    } finally {
      await seller.post('/api/changeStock', { data: { id: product._id, stock: null } });
      await seller.dispose();
    }
  });

  test('pincode prompt, "Delivery in N min", an unserved pincode, the fee and the way to free delivery, checkout blocked outside the area', async ({
    page,
    baseURL,
  }) => {
    const seller = await sellerApi(baseURL!);
    const product = await lastProduct(seller);
    try {
      const saved = await seller.put('/api/seller/delivery', {
        data: { areas: [{ pincode: '411045', etaMinutes: 25, fee: 20 }], freeDeliveryAbove: 4999, minimumOrder: 10, hours: null },
      });
      expect(saved.ok()).toBe(true);

      await page.goto('/');
      const line = page.getByTestId('delivery-line');
      await expect(line).toContainText('Enter your pincode');
      await line.click();
      const dialog = page.getByRole('dialog', { name: 'Where should we deliver?' });
      await dialog.getByLabel('Pincode').fill('560001');
      await dialog.getByRole('button', { name: 'Check delivery' }).click();
      await expect(dialog.getByRole('alert')).toHaveText("Sorry, we don't deliver to 560001 yet");
      await expect(line).toContainText("Sorry, we don't deliver to 560001 yet");
      await page.screenshot(shot('phone-pincode-unserved'));
      await dialog.getByLabel('Pincode').fill('411045');
      await dialog.getByRole('button', { name: 'Check delivery' }).click();
      await expect(dialog).toBeHidden();
      await expect(line).toContainText('Delivery in 25 min · 411045');
      // Unserved visitors can still browse: the catalogue is there.
      await page.goto('/products');
      await expect(page.getByTestId('product-card').first()).toBeVisible();

      await signUp(page, 'Meera');
      await addAddress(page, '560001', '4 MG Road');
      await expect(page.getByTestId('pincode-delivery')).toContainText("Sorry, we don't deliver to 560001 yet");
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/\/cart/);
      await page.goto(productPage(product));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.goto('/cart');
      await expect(page.getByTestId('checkout-blocked')).toContainText("Choose another addressSorry, we don't deliver to 560001 yet.");
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await page.screenshot({ ...shot('phone-checkout-unserved'), fullPage: true });

      await addAddress(page, '411045', '9 FC Road');
      await expect(page.getByTestId('pincode-delivery')).toContainText('We deliver here');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/\/cart/);
      await expect(page.getByTestId('delivery-fee')).toHaveText('₹20.00');
      await expect(page.getByTestId('delivery-notes')).toContainText(/Add ₹[\d,.]+ for free delivery/);
      await expect(page.getByTestId('checkout-blocked')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
      await page.screenshot({ ...shot('phone-cart-delivery-fee'), fullPage: true });
    } finally {
      await seller.put('/api/seller/delivery', { data: { areas: [] } });
      await seller.dispose();
    }
  });
});
