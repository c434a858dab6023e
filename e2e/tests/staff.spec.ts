import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { SELLER } from '../playwright.config';
import { DESKTOP, expectNoSideScroll } from '../widths';

/** Staff accounts (issue 42) on a phone: the owner invites a packer, who signs in, sees only their part and moves an order; the owner sees who did it. */

const PHONE = { width: 390, height: 844 };
const MAILBOX = join(__dirname, '..', '..', '.data', 'e2e-mailbox');
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });
const PACKER_PASSWORD = 'tamarind-kettle-ladder-91';

/** The invitation link mailed to `address` (read from e2e/mail-catcher.mjs's mailbox). */
async function invitationLink(address: string): Promise<URL> {
  const find = () =>
    existsSync(MAILBOX)
      ? readdirSync(MAILBOX)
          .map((file) => JSON.parse(readFileSync(join(MAILBOX, file), 'utf8')) as { to: string; text: string; subject: string; outboxId: string })
          .find((mail) => mail.to.includes(address) && mail.outboxId.startsWith('email:staff-invitation:'))
      : undefined;
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  const mail = find()!;
  expect(mail.subject).toBe('You are invited to the GreenCart seller area');
  const link = /https?:\/\/\S+\/seller\/invite\?token=[\w.-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** On the invitation page: the password twice, then the welcome. */
async function choosePassword(page: Page, password: string, name: string) {
  await page.getByLabel(/New password/).fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Welcome' })).toContainText(`Welcome, ${name}`);
}

/** A shopper's COD order, placed through the API. */
async function anOrder(baseURL: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = `staff-shopper-${Date.now()}@example.com`;
  expect((await api.post('/api/register', { data: { firstName: 'Lata', email, password: 'a-good-password' } })).status()).toBe(201);
  const adress = {
    firstName: 'Lata',
    lastName: 'Rao',
    email,
    street: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    country: 'India',
    phone: '9876501234',
  };
  const address = (await (await api.post('/api/Address/add', { data: { adress } })).json()).address._id as string;
  const { products } = await (await api.get('/api/products?inStock=true&limit=1')).json();
  const res = await api.post('/api/placeorders', { data: { address, items: [{ product: products[0]._id, quantity: 1 }] } });
  expect(res.status()).toBe(201);
  const number = (await res.json()).order.orderNumber as string;
  await api.dispose();
  return number;
}

test.describe('the shop’s team on a phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('owner invites a packer, who signs in, sees only orders, chat and stock, and packs an order; the owner sees who', async ({ page, browser, baseURL }) => {
    const email = `ravi-${Date.now()}@example.com`;
    // The owner invites Ravi as a packer from Staff (under More).
    await signIn(page, SELLER.email, SELLER.password);
    await expect(page.getByText('Hi · Owner')).toBeVisible();
    const bar = page.getByRole('navigation', { name: 'Seller sections' });
    await bar.getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByLabel('Name').fill('Ravi Kumar');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('form', { name: 'Invite someone' }).getByRole('combobox').selectOption('packer');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByTestId('staff-member').filter({ hasText: email })).toContainText('Invited, has not set a password yet');
    await page.screenshot(shot('staff-invited'));

    // Ravi opens the mailed link on his own phone and chooses a password, then signs in on the seller page.
    const ravi = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const packer = await ravi.newPage();
    const link = await invitationLink(email);
    await packer.goto(`${link.pathname}${link.search}`);
    await choosePassword(packer, PACKER_PASSWORD, 'Ravi Kumar');
    await signIn(packer, email, PACKER_PASSWORD);
    await expect(packer.getByTestId('seller-greeting')).toHaveText('Hi Ravi · Packer');
    await expect(packer).toHaveURL(/\/seller\/orders$/);
    const packerBar = packer.getByRole('navigation', { name: 'Seller sections' });
    // Chats may carry an unread count left by other suites' shoppers ("Chats2, 2 unread messages").
    await expect(packerBar.getByRole('link')).toHaveText(['Orders', 'Products', /^Chats/]);
    await packerBar.getByRole('button', { name: 'More' }).click();
    await expect(packer.getByRole('link', { name: 'Coupons' })).toHaveCount(0);
    await expect(packer.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await packer.screenshot(shot('staff-packer-menu'));

    // A link to what a packer cannot use says so.
    await packer.goto('/seller/coupons');
    await expect(packer.getByTestId('not-allowed')).toContainText('not part of your role');

    // Ravi packs an order.
    const number = await anOrder(baseURL!);
    await packer.goto('/seller/orders');
    const card = packer.getByTestId('seller-order').filter({ hasText: number });
    await expect(card.getByRole('button', { name: 'Mark Packing' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Mark Packing' }).click();
    await expect(card.getByTestId('order-moved-by')).toHaveText('Packed by Ravi');
    await packer.screenshot(shot('staff-packer-packed'));
    await ravi.close();

    // The owner sees who packed it, in the orders and in the activity log.
    await page.goto('/seller/orders');
    await expect(page.getByTestId('seller-order').filter({ hasText: number }).getByTestId('order-moved-by')).toHaveText('Packed by Ravi');
    await page.goto('/seller/activity');
    const entry = page.getByTestId('activity-entry').filter({ hasText: `Order ${number}` });
    await expect(entry).toContainText('Ravi Kumar (Packer)');
    await expect(entry).toContainText('status: Order Placed → Packing');
    await page.screenshot(shot('staff-activity'));
  });
});

test.describe('the shop’s team on a computer (1280×800)', () => {
  test.use({ viewport: DESKTOP });

  test('staff list, invitation, password page and activity log fit the window', async ({ page, browser }) => {
    const email = `asha-${Date.now()}@example.com`;
    const password = 'mango-lantern-river-27';
    await signIn(page, SELLER.email, SELLER.password);
    await expect(page.getByText('Hi · Owner')).toBeVisible();
    await page.goto('/seller/staff');
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Name').fill('Asha Menon');
    await invite.getByLabel('Email').fill(email);
    await invite.getByRole('combobox').selectOption('manager');
    await invite.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByTestId('staff-member').filter({ hasText: email })).toContainText('Invited, has not set a password yet');
    await expect(page.getByTestId('invite-link')).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ ...shot('staff-list-desktop'), fullPage: true });

    // Asha chooses her password on her computer, then changes it on the password page.
    const asha = await browser.newContext({ viewport: DESKTOP });
    const manager = await asha.newPage();
    const link = await invitationLink(email);
    await manager.goto(`${link.pathname}${link.search}`);
    await expect(manager.getByRole('form', { name: 'Choose your password' })).toBeVisible();
    await expectNoSideScroll(manager);
    await manager.screenshot(shot('staff-invite-desktop'));
    await choosePassword(manager, password, 'Asha Menon');
    await signIn(manager, email, password);
    await expect(manager.getByTestId('seller-greeting')).toHaveText('Hi Asha · Manager');
    await manager.goto('/seller/password');
    await expect(manager.getByRole('heading', { name: 'Your password' })).toBeVisible();
    await expectNoSideScroll(manager);
    await manager.screenshot(shot('staff-password-desktop'));
    await asha.close();

    await page.goto('/seller/activity');
    await expect(page.getByTestId('activity-entry').first()).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ ...shot('staff-activity-desktop'), fullPage: true });
  });
});
