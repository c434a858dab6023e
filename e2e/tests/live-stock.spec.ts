import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { oneSizeProducts, sellerApi, type Product } from '../shop-api';

/** Issue 53: open product and cart pages hear of stock changes from the server's push, guests too, without reloading. */

/** The first product a shopper can order, of one size. */
async function oneSizeProduct(api: APIRequestContext): Promise<Product> {
  return (await oneSizeProducts(api)).at(0)!;
}

/**
 * Resolves once the page's socket has joined the catalogue's namespace: the server's connect packet for
 * it, over socket.io's first transport (HTTP long-polling) or the websocket it upgrades to.
 */
function catalogueJoined(page: Page): Promise<void> {
  const joins = (text: string) => text.split('\x1e').some((packet) => packet.startsWith('40/catalogue,'));
  return new Promise((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => joins(String(payload)) && resolve()));
    page.on('response', (response) => {
      if (response.url().includes('/socket.io/') && response.request().method() === 'GET')
        void response.text().then(
          (text) => joins(text) && resolve(),
          () => undefined,
        );
    });
  });
}

test('a guest’s open product page and cart show a stock change pushed by the server, without reloading', async ({ page, baseURL }) => {
  const seller = await sellerApi(baseURL!);
  const product = await oneSizeProduct(seller);
  try {
    expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 5 } })).ok()).toBe(true);
    const joined = catalogueJoined(page);
    await page.goto(`/products/${product.category.toLowerCase()}/${product._id}`);
    await expect(page.getByTestId('few-left')).toHaveText('Only 5 left');
    await joined;

    // The fallback poll is 30 s: a change shown within a few seconds was pushed.
    expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 2 } })).ok()).toBe(true);
    await expect(page.getByTestId('few-left')).toHaveText('Only 2 left', { timeout: 5_000 });

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: `Add one more ${product.name}` }).click();
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toBeVisible();
    expect((await seller.post('/api/changeStock', { data: { id: product._id, stock: 1 } })).ok()).toBe(true);
    await expect(page.getByTestId('line-problem')).toContainText('Only 1 left — you have 2', { timeout: 5_000 });
  } finally {
    await seller.post('/api/changeStock', { data: { id: product._id, stock: null } });
    await seller.dispose();
  }
});
