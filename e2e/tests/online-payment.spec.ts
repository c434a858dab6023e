import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { formatRupees, priceCart, type OrderPageResponse, type ProductView } from '@greencart/domain';
import { FAKE_RAZORPAY_URL, SELLER } from '../playwright.config';

// Razorpay is the local fake serve.mjs starts; its checkout.js stand-in shows a dialog with Pay, Decline and Cancel.

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

/** Screenshots at phone and desktop width, for a person to look at (e2e/artifacts/screenshots). */
async function snap(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [label, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `e2e/artifacts/screenshots/online-${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function signUp(page: Page, firstName: string) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'click here' }).click();
  await dialog.getByLabel('Name').fill(firstName);
  await dialog.getByLabel('Email').fill(`${firstName.toLowerCase()}-${Date.now()}@example.com`);
  await dialog.getByLabel('Password').fill('a-good-password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

async function anInStockProduct(request: APIRequestContext): Promise<ProductView> {
  const { products } = await (await request.get('/api/products?inStock=true&limit=1')).json();
  return products[0];
}

async function addToCart(page: Page, product: ProductView) {
  await page.goto(`/products/${product.category.toLowerCase()}/${product._id}`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await saved; // the signed-in cart lives on the server
}

/** Saves a delivery address from the cart; /Add-Adress returns to the cart with it selected. */
async function saveAddress(page: Page, firstName: string, street: string) {
  await page.goto('/cart');
  await page.goto('/Add-Adress');
  const fields: Record<string, string> = {
    'First Name': firstName,
    'Last Name': 'Nair',
    'Email (optional)': `${firstName.toLowerCase()}@example.com`,
    Street: street,
    City: 'Mumbai',
    State: 'Maharashtra',
    Pincode: '400020',
    Phone: '9876501234',
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(page.getByTestId('selected-address')).toContainText(street);
}

async function chooseOnline(page: Page) {
  await expect(page.getByRole('option', { name: 'Online Payment' })).toBeEnabled();
  await page.getByLabel('Payment Method').selectOption('Online');
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible();
}

async function sellerSignIn(page: Page) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
}

test('a shopper pays online, the seller sees it paid, cancels it, and both sides see the refund', async ({ page, browser, request }) => {
  await signUp(page, 'Meera');
  const product = await anInStockProduct(request);
  await addToCart(page, product);
  await saveAddress(page, 'Meera', '21 Marine Drive');
  const expected = priceCart([{ offerPrice: product.offerPrice, quantity: 1 }]);
  await expect(page.getByTestId('cart-total')).toHaveText(formatRupees(expected.totalPaise));

  await chooseOnline(page);
  await snap(page, 'cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  // Razorpay Checkout opens for the server's amount, in INR, with the address's contact prefilled.
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toContainText(`₹${(expected.totalPaise / 100).toFixed(2)} INR`);
  await expect(checkout).toContainText('Meera Nair · meera@example.com · 9876501234');
  await snap(page, 'checkout');
  await checkout.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/order-placed$/);
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page).toHaveURL(/\/My-orders$/);
  await expect(page.getByText('Payment received, order placed')).toBeVisible();
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(formatRupees(expected.totalPaise));
  await expect(card.getByTestId('order-status')).toHaveText('Order Placed');
  await expect(card.getByTestId('order-payment')).toHaveText('Paid online');
  await expect(card.getByTestId('order-address')).toContainText('21 Marine Drive');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await snap(page, 'my-orders-paid');

  // The seller sees it paid online and cancels it: the shop refunds it through Razorpay.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await sellerSignIn(seller);
  await seller.goto('/seller/orders');
  const order = seller.getByTestId('seller-order').filter({ hasText: '21 Marine Drive' });
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('order-payment')).toHaveText('Paid online');
  await snap(seller, 'seller-paid');
  await order.getByRole('button', { name: 'Cancel order' }).click();
  const ask = seller.getByRole('dialog', { name: /^Cancel order / });
  await ask.getByLabel('Reason for the shopper (optional)').fill('The mangoes sold out this morning');
  await snap(seller, 'seller-cancel-dialog');
  await ask.getByRole('button', { name: 'Cancel order' }).click();
  await expect(order.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(order.getByTestId('order-payment')).toHaveText('Refunded');
  await snap(seller, 'seller-refunded');
  await sellerContext.close();

  // Razorpay holds exactly that refund, of the whole amount.
  const { orderdata } = (await (await page.request.get('/api/getorder/user')).json()) as OrderPageResponse;
  const refundId = orderdata[0]?.payment?.refundId;
  expect(orderdata[0]?.payment?.refundStatus).toBe('processed');
  const { items: refunds } = await (await request.get(`${FAKE_RAZORPAY_URL}/e2e/refunds`)).json();
  const refundsOfOrder = refunds.filter((refund: { payment_id: string }) => refund.payment_id === orderdata[0]?.payment?.razorpayPaymentId);
  expect(refundsOfOrder).toEqual([expect.objectContaining({ id: refundId, amount: expected.totalPaise, status: 'processed' })]);

  // The shopper's page follows without a manual reload (it polls).
  await expect(card.getByTestId('order-status')).toHaveText('Cancelled', { timeout: 20_000 });
  await expect(card.getByTestId('order-payment')).toHaveText('Refunded');
  await expect(card.getByTestId('cancellation-note')).toContainText('Cancelled by the shop: The mangoes sold out this morning');
  await expect(card.getByTestId('refund-line')).toContainText(/^₹[\d,.]+ refunded on /);
  await snap(page, 'my-orders-refunded');
});

test('a declined or closed checkout keeps the cart, and paying again works', async ({ page, request }) => {
  await signUp(page, 'Arjun');
  const product = await anInStockProduct(request);
  await addToCart(page, product);
  await saveAddress(page, 'Arjun', '5 Brigade Road');
  await chooseOnline(page);
  const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });

  // Closed without paying.
  await proceed.click();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout).toBeHidden();
  await expect(page.getByText('Payment not completed. Your cart is kept; you can try again.')).toBeVisible();

  // Declined: Razorpay's checkout stays open for another try and the page says what happened; closing it keeps the reason.
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await checkout.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Payment failed: Your card was declined by the bank (test). You can try again, or choose Cash On Delivery.')).toBeVisible();
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout).toBeHidden();
  await expect(page.getByText('Payment failed: Your card was declined by the bank (test). Your cart is kept; you can try again.')).toBeVisible();
  await snap(page, 'cart-dismissed');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: `Remove ${product.name} from cart` })).toBeVisible();
  await expect(page.getByLabel('Payment Method')).toHaveValue('Online');

  // The third try opens checkout again (checkout.js is loaded once) and pays.
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await expect(checkout).toBeVisible();
  await expect(page.locator(`script[src="${FAKE_RAZORPAY_URL}/v1/checkout.js"]`)).toHaveCount(1);
  await checkout.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/order-placed$/);
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page).toHaveURL(/\/My-orders$/);
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('order-payment')).toHaveText('Paid online');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});
