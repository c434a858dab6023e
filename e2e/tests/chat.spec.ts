import { expect, type Browser, type Page, test } from '@playwright/test';
import { SELLER } from '../playwright.config';

async function signUp(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'click here' }).click();
  await dialog.getByLabel('Name').fill(firstName);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('a-good-password');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  return email;
}

async function signInSeller(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const seller = await context.newPage();
  await seller.goto('/seller');
  await seller.getByLabel('Email').fill(SELLER.email);
  await seller.getByLabel('Password').fill(SELLER.password);
  await seller.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(seller.getByText('Hi · Owner')).toBeVisible();
  return seller;
}

test('shopper and seller talk about an order live, and My orders follows the seller at once', async ({ page, browser }) => {
  // The seller waits in the inbox first, so everything below reaches them live, not on a page load.
  const seller = await signInSeller(browser);
  await seller.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'Messages' }).click();
  await expect(seller.getByRole('heading', { name: 'User Message Inbox' })).toBeVisible();
  await expect(seller.getByTestId('connection-status')).toHaveText('Online');

  // What the shopper's page hears on its sockets, from the first page on.
  const heard: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void heard.push(String(payload))));

  // The shopper places a COD order (the address is saved through the API with the browser's session).
  await page.goto('/');
  const email = await signUp(page, 'Ishaan');
  const saved = await page.request.post('/api/Address/add', {
    data: {
      adress: {
        firstName: 'Ishaan',
        lastName: 'Mehta',
        email,
        street: '4 Residency Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        country: 'India',
        phone: '9876501234',
      },
    },
  });
  expect(saved.ok()).toBe(true);
  const cartSaved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await page.getByTestId('product-card').first().getByRole('button', { name: 'Add' }).click();
  await cartSaved;
  await page.getByRole('link', { name: /^Cart,/ }).click();
  await expect(page.getByTestId('selected-address')).toContainText('4 Residency Road');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-placed$/);
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page).toHaveURL(/\/My-orders$/);
  const card = page.getByTestId('order-card').first();
  // Cards show the readable order number; so does the chat, on both sides (it sends the order's id, the spec's _id).
  const orderNumber = (await card.getByTestId('order-number').textContent())!.trim();

  // The seller is told of the new order without reloading: a count on the Orders entry.
  await expect(seller.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: /^Orders.*1 new order/ })).toBeVisible();

  // Other suites' shoppers may have left messages unread in this shop: count from what the seller sees now.
  const messagesLink = seller.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: /^Messages/ });
  const unreadBefore = Number((await messagesLink.textContent())?.match(/(\d+) unread/)?.[1] ?? 0);
  const unreadName = (count: number) => (count === 0 ? /^Messages$/ : new RegExp(`^Messages , ${count} unread messages?$`));

  // 'Send Message to Shop' opens the chat about this order; the first message carries it.
  await card.getByRole('button', { name: 'Send Message to Shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?order=[a-f\\d]{24}&number=${orderNumber}$`));
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByRole('heading', { name: 'Chat with Shop' })).toBeVisible();
  await expect(page.getByTestId('chat-order-reference')).toContainText(`About order ${orderNumber}`);
  await expect(page.getByTestId('connection-status')).toHaveText('Online');
  const box = page.getByRole('textbox', { name: 'Message to the shop' });
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.fill('Hello! Can you add a bag of ice?');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('Hello! Can you add a bag of ice?\n');
  await box.pressSequentially('Thanks');
  await box.press('Enter');
  const question = page.getByTestId('chat-message').filter({ hasText: 'Can you add a bag of ice?' });
  await expect(question).toHaveAttribute('data-from', 'user');
  await expect(question.getByTestId('chat-message-order')).toHaveText(`About order ${orderNumber}`);
  await expect(question.getByRole('link', { name: orderNumber })).toHaveAttribute('href', `/My-orders?order=${orderNumber}`);
  expect(orderId).toMatch(/^[a-f\d]{24}$/);
  await expect(box).toHaveValue('');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('chat-order-reference')).toHaveCount(0);

  // The seller sees the new conversation arrive, opens it and replies.
  const conversation = seller.getByTestId('conversation').filter({ hasText: email });
  await expect(conversation).toContainText('Can you add a bag of ice?');
  await expect(conversation.getByTestId('conversation-unread')).toContainText('1');
  await expect(seller.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: unreadName(unreadBefore + 1) })).toBeVisible();
  await conversation.click();
  const received = seller.getByTestId('chat-message').filter({ hasText: 'Can you add a bag of ice?' });
  await expect(received).toHaveAttribute('data-from', 'user');
  await expect(received.getByTestId('chat-message-order')).toHaveText(`About order ${orderNumber}`);
  await expect(received.getByRole('link', { name: orderNumber })).toHaveAttribute('href', `/seller/orders?order=${orderNumber}`);
  await expect(conversation.getByTestId('conversation-unread')).toHaveCount(0);
  await expect(seller.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: unreadName(unreadBefore) })).toBeVisible();
  await seller.getByRole('textbox', { name: 'Reply to Ishaan' }).fill('Yes, one bag of ice is on its way with your order.');
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(seller.getByTestId('chat-message').filter({ hasText: 'bag of ice is on its way' })).toHaveAttribute('data-from', 'seller');
  await expect(conversation).toContainText('You: Yes, one bag of ice');

  // The shopper sees the reply without reloading.
  await expect(page.getByTestId('chat-message').filter({ hasText: 'bag of ice is on its way' })).toHaveAttribute('data-from', 'seller');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/chat-shopper.png', fullPage: true });
  await seller.screenshot({ path: 'e2e/artifacts/screenshots/chat-seller.png', fullPage: true });

  // My orders follows the seller's change at once (while the socket is up nothing polls; polling would take 10 s).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My orders' }).click();
  const status = page.getByTestId('order-card').filter({ hasText: orderNumber }).getByTestId('order-status');
  await expect(status).toHaveText('Order Placed');
  await seller
    .getByRole('navigation', { name: 'Seller' })
    .getByRole('link', { name: /^Orders/ })
    .click();
  const sellerOrder = seller.getByTestId('seller-order').filter({ hasText: orderNumber });
  await expect(sellerOrder.getByTestId('new-order')).toBeVisible();
  await sellerOrder.getByRole('button', { name: 'Mark Packing' }).click();
  // The change is pushed over the shopper's socket, and the list shows it from the push, well before
  // a poll would (polling, 10 s, is off while the socket is up).
  await expect.poll(() => heard.some((frame) => frame.includes('"order-updated"') && frame.includes(orderNumber) && frame.includes('Packing'))).toBe(true);
  await expect(status).toHaveText('Packing', { timeout: 3_000 });
  await expect(sellerOrder.getByTestId('new-order')).toHaveCount(0);

  await seller.context().close();
});
