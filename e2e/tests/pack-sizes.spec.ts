import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { SELLER } from '../playwright.config';

/** Pack sizes (issue 37): a shopper picks sizes on the card and the product page, orders two sizes of one product, and every screen names them. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

interface Size {
  _id: string;
  label: string;
  offerPrice: number;
  inStock: boolean;
}

async function signInSeller(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

for (const [name, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test(`choose sizes on the card and the product page, order two sizes, see them in My orders and the seller's order (${name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    // A shopper signed up through the API of this browser context (its cookie is the page's), with an address.
    const email = `sizes-${name}-${Date.now()}@example.com`;
    expect((await context.request.post('/api/register', { data: { firstName: 'Meera', email, password: 'a-good-password' } })).status()).toBe(201);
    const street = `${name === 'phone' ? 3 : 4} Sizes Lane`;
    const saved = await context.request.post('/api/Address/add', {
      data: {
        adress: {
          firstName: 'Meera',
          lastName: 'Nair',
          email,
          street,
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
          country: 'India',
          phone: '9876512345',
        },
      },
    });
    expect(saved.status()).toBe(201);

    const { products } = await (await context.request.get('/api/products?search=shimla%20apples')).json();
    const apples = products.find((p: { name: string }) => p.name === 'Shimla Apples') as { _id: string; name: string; category: string; variants: Size[] };
    expect(apples.variants.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = apples.variants;

    // On the card: choose the second size; its price shows; add it.
    await page.goto(`/products/${apples.category.toLowerCase()}`);
    const card = page.getByTestId('product-card').filter({ hasText: apples.name });
    await card.getByTestId('size-chips').getByText(second.label, { exact: true }).click();
    await expect(card.getByRole('radio', { name: second.label })).toBeChecked();
    await expect(card).toContainText(`₹${second.offerPrice}`);
    await card.screenshot(shot(`${name}-pack-sizes-card`));
    const added = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await card.getByRole('button', { name: /^Add .* to cart$/ }).click();
    await added;

    // On the product page: choose the third size and add it.
    await page.goto(`/products/${apples.category.toLowerCase()}/${apples._id}`);
    const chips = page.getByTestId('size-chips');
    await chips.getByText(third.label, { exact: true }).click();
    await expect(chips.getByRole('radio', { name: new RegExp(`^${third.label}`) })).toBeChecked();
    await page.screenshot({ ...shot(`${name}-pack-sizes-product-page`), fullPage: true });
    const addedAgain = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await addedAgain;

    // The cart: one line per size, the first size not among them.
    await page.goto('/cart');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    await expect(page.getByTestId('line-size')).toHaveText([second.label, third.label]);
    await expect(lines.filter({ hasText: first.label })).toHaveCount(0);
    await page.screenshot({ ...shot(`${name}-pack-sizes-cart`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expect(page.getByTestId('selected-address')).toContainText(street);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-placed$/);
    await expect(page.getByText(`${apples.name} ${second.label}`).first()).toBeVisible();
    await expect(page.getByText(`${apples.name} ${third.label}`).first()).toBeVisible();

    // My orders names both sizes.
    await page.goto('/My-orders');
    const order = page.getByTestId('order-card').first();
    await expect(order).toContainText(`${apples.name} ${second.label}`);
    await expect(order).toContainText(`${apples.name} ${third.label}`);
    await page.screenshot({ ...shot(`${name}-pack-sizes-my-orders`), fullPage: true });

    // The seller's order names them too.
    const sellerContext = await browser.newContext({ viewport });
    const seller = await sellerContext.newPage();
    await signInSeller(seller);
    await seller.goto('/seller/orders');
    const sellerOrder = seller.getByTestId('seller-order').filter({ hasText: street });
    await expect(sellerOrder).toHaveCount(1);
    await expect(sellerOrder).toContainText(`${apples.name} ${second.label}`);
    await expect(sellerOrder).toContainText(`${apples.name} ${third.label}`);
    await sellerOrder.screenshot(shot(`${name}-pack-sizes-seller-order`));
    await sellerContext.close();
    await context.close();
  });
}

for (const [name, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test(`the seller adds a product in two pack sizes as rows and sees each size with its count in the product list (${name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    await signInSeller(page);
    await page.goto('/seller/add-product');
    const product = `Sona Masoori Rice ${name} ${Date.now()}`;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#f5f0e6"/><circle cx="100" cy="100" r="70" fill="#e9dcc0"/></svg>';
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    await page.getByLabel('Upload image 1').setInputFiles({ name: 'rice.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Product Name').fill(product);
    await page.getByLabel('Category').selectOption('Grains');
    await page.getByLabel('Product Price').fill('95');
    await page.getByLabel('Offer Price').fill('89');
    await page.getByLabel('Weight').fill('1 kg');
    await page.getByRole('button', { name: '+ Add a pack size' }).click();
    // The second row: 5 kg, counted at 12.
    await page.getByLabel('Label of size 2', { exact: true }).fill('5 kg');
    await page.getByLabel('Price of size 2', { exact: true }).fill('450');
    await page.getByLabel('Offer price of size 2', { exact: true }).fill('419');
    await page.getByLabel('Stock of size 2', { exact: true }).fill('12');
    await page.screenshot({ ...shot(`${name}-pack-sizes-seller-form`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(page.getByText('Product added')).toBeVisible();

    await page.goto('/seller/product-list');
    await page.getByLabel('Search products by name').fill(product);
    const row = page.getByTestId('seller-product-row').filter({ hasText: product }).filter({ visible: true });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1 kg');
    await expect(row).toContainText('5 kg');
    await expect(row).toContainText('12');
    await row.screenshot(shot(`${name}-pack-sizes-seller-list`));
    await context.close();
  });
}
