import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatRupees, toPaise } from '@greencart/domain';
import { SELLER } from '../playwright.config';

/** Checkout explains itself on a phone (storefront round three): the bar says what to do, and pincodes paste whole. */

const PHONE = { width: 390, height: 844 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });
const MINIMUM = 99;

interface Product {
  _id: string;
  name: string;
  category: string;
  offerPrice: number;
  inStock: boolean;
}

async function sellerApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/sellerlogin', { data: SELLER })).ok()).toBe(true);
  return api;
}

/** Paste `text` into a field the way a person does: through the clipboard. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.click();
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('checkout on a phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });

  test('pincodes pasted as "411 045" work; the bar says "Add ₹… of items" under the minimum and "Fix 1 item" for a short line, never ₹0.00', async ({
    page,
    baseURL,
  }) => {
    const seller = await sellerApi(baseURL!);
    const list = (await (await seller.get('/api/productList')).json()).productsdata as (Product & { variants: unknown[] })[];
    // One under the minimum by itself, so the cart starts short of it; of one size, so `{ id, stock }` counts it.
    const product = list.filter((p) => p.inStock && p.offerPrice < MINIMUM / 2 && p.variants.length === 1).at(-1)!;
    try {
      const saved = await seller.put('/api/seller/delivery', {
        data: { areas: [{ pincode: '411045', etaMinutes: 25, fee: 20 }], freeDeliveryAbove: null, minimumOrder: MINIMUM, hours: null },
      });
      expect(saved.ok()).toBe(true);

      // The header's pincode dialog.
      await page.goto('/');
      const line = page.getByTestId('delivery-line');
      await line.click();
      const dialog = page.getByRole('dialog', { name: 'Where should we deliver?' });
      await paste(page, dialog.getByLabel('Pincode'), '411 045');
      await expect(dialog.getByLabel('Pincode')).toHaveValue('411045');
      await dialog.getByRole('button', { name: 'Check delivery' }).click();
      await expect(line).toContainText('Delivery in 25 min · 411045');

      const email = `paste-${Date.now()}@example.com`;
      expect((await page.request.post('/api/register', { data: { firstName: 'Sneha', email, password: 'a-good-password' } })).ok()).toBe(true);

      // The address form, with the optional flat and landmark.
      await page.goto('/Add-Adress');
      await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Sneha');
      for (const [label, value] of Object.entries({
        'Last Name': 'Kulkarni',
        'Flat / House no. (optional)': 'Flat 4B, Lotus Apartments',
        Street: '9 FC Road',
        'Landmark (optional)': 'Opposite the city library',
        City: 'Pune',
        State: 'Maharashtra',
        Phone: '9876543210',
      })) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      const pincode = page.getByLabel('Pincode', { exact: true });
      await paste(page, pincode, '411 045');
      await expect(pincode).toHaveValue('411045');
      await expect(page.getByTestId('pincode-delivery')).toContainText('We deliver here');
      await page.screenshot({ ...shot('phone-address-pasted-pincode'), fullPage: true });
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/\/cart/);

      // One item, under the ₹99 minimum of items.
      await page.goto(`/products/${product.category.toLowerCase()}/${product._id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('button', { name: `Add one more ${product.name}` }).click();
      await expect(page.getByTestId('product-actions')).toContainText('In cart: 2');
      await page.goto('/cart');
      await expect(page.getByTestId('selected-address')).toContainText('Flat 4B, Lotus Apartments, 9 FC Road, Opposite the city library');
      const bar = page.getByTestId('checkout-bar');
      const items = toPaise(product.offerPrice) * 2;
      const step = bar.getByTestId('checkout-blocked');
      await expect(step).toContainText(`Add ${formatRupees(toPaise(MINIMUM) - items)} of items`);
      await expect(step).toContainText(`The minimum order is ${formatRupees(toPaise(MINIMUM))} of items, before tax and delivery.`);
      await expect(step).toBeInViewport();
      await expect(bar.getByTestId('checkout-bar-amount')).toHaveText(`${formatRupees(items)}items, before tax`);
      await expect(bar.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await page.screenshot(shot('phone-checkout-bar-minimum'));

      // Sold elsewhere meanwhile: 1 left, 2 in the cart.
      expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 1 } })).ok()).toBe(true);
      await page.reload();
      await expect(step).toContainText('Fix 1 item');
      await expect(step).toBeInViewport();
      await expect(bar).not.toContainText('₹0.00');
      await expect(bar.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await page.screenshot(shot('phone-checkout-bar-short'));

      // Fixed in one tap: back to what the minimum asks.
      await page.getByTestId('line-problem').getByRole('button', { name: 'Change to 1' }).click();
      await expect(step).toContainText(`Add ${formatRupees(toPaise(MINIMUM) - toPaise(product.offerPrice))} of items`);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    } finally {
      await seller.post('/api/changeStock', { data: { id: product._id, stock: null } });
      await seller.put('/api/seller/delivery', { data: { areas: [] } });
      await seller.dispose();
    }
  });
});
