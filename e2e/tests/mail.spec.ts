import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { SELLER } from '../playwright.config';

/** The mails the shop sent in this run, as e2e/mail-catcher.mjs stored them. */
const MAILBOX = join(__dirname, '..', '..', '.data', 'e2e-mailbox');
const SHOTS = join(__dirname, '..', 'artifacts', 'screenshots');

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  outboxId: string;
}

/** Mails to `address`, optionally only those whose outbox id starts with `kind` (e.g. `email:password-reset:`). */
function mailsTo(address: string, kind = ''): Mail[] {
  if (!existsSync(MAILBOX)) return [];
  return readdirSync(MAILBOX)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(MAILBOX, file), 'utf8')) as Mail)
    .filter((mail) => mail.to.includes(address) && mail.outboxId.startsWith(kind));
}

async function waitForMail(address: string, kind = '', count = 1): Promise<Mail[]> {
  await expect.poll(() => mailsTo(address, kind).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(address, kind);
}

const VERIFICATION = 'email:email-verification:';
/** The link of the address verification mail every new account gets (the shop mails nothing else to it until it is opened). */
async function verificationLink(address: string): Promise<URL> {
  const [mail] = await waitForMail(address, VERIFICATION);
  expect(mail.subject).toBe('Confirm your email for GreenCart');
  const link = /https?:\/\/[^\s]+\/verify-email#token=[\w.-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!);
}

/** Opens the verification link as the page does (its API call), so order mails reach the address. */
async function verifyByApi(request: APIRequestContext, address: string) {
  const token = new URLSearchParams((await verificationLink(address)).hash.slice(1)).get('token');
  const res = await request.post('/api/auth/verify-email', { data: { token } });
  expect(res.status()).toBe(200);
}

async function registerByApi(request: APIRequestContext, firstName: string, email: string) {
  const res = await request.post('/api/register', { data: { firstName, email, password: 'the-old-password' } });
  expect(res.status()).toBe(201);
}

const dialog = (page: Page) => page.getByRole('dialog');

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('forgot password from the login dialog: the mailed link sets a new password once', async ({ page, browser }) => {
  const email = `forgot-${Date.now()}@example.com`;
  const other = await browser.newContext();
  await registerByApi(other.request, 'Farah', email);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Reset password' })).toBeVisible();
  // The email typed for signing in is carried over.
  await expect(dialog(page).getByLabel('Email')).toHaveValue(email);
  await page.screenshot({ path: join(SHOTS, 'forgot-password-dialog.png') });
  await dialog(page).getByRole('button', { name: 'Email me a link' }).click();
  await expect(dialog(page).getByRole('status')).toContainText(`If an account uses ${email}, we have emailed it a link`);
  await dialog(page).getByRole('button', { name: 'Back to login' }).click();
  await expect(dialog(page).getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  const [mail] = await waitForMail(email, 'email:password-reset:');
  expect(mail.subject).toBe('Reset your GreenCart password');
  const link = /https?:\/\/[^\s]+\/reset-password#token=[\w.-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(url.pathname + url.hash);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('the-new-password');
  await page.getByLabel('New password again').fill('the-new-passwrod');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'reset-password.png'), fullPage: true });
  await page.getByLabel('New password again').fill('the-new-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Farah' })).toBeVisible();

  // The other device's session ended; the link works only once. (Its connection has been idle since it signed up:
  // the server may close it just as it is used again, the keep-alive race any client retries.)
  expect((await other.request.get('/api/isAuth', { maxRetries: 1 })).status()).toBe(401);
  await other.close();
  await page.goto(url.pathname + url.hash);
  await expect(page.getByRole('alert')).toContainText('was used already');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'reset-password-used-390.png'), fullPage: true });
});

test('on a phone: "Forgot password?" in the login dialog, and the reset page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page).getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'login-dialog-390.png') });
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page).getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
  await dialog(page).getByRole('button', { name: 'Email me a link' }).click();
  // An unknown email gets the same answer as a known one.
  await expect(dialog(page).getByRole('status')).toContainText('we have emailed it a link');
  await page.screenshot({ path: join(SHOTS, 'forgot-password-sent-390.png') });
  await page.keyboard.press('Escape');
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('needs the link from the reset mail');
});

test('a shopper turns order progress emails off in their account, and it stays off', async ({ page }) => {
  const email = `prefs-${Date.now()}@example.com`;
  await page.goto('/');
  await registerByApi(page.request, 'Priya', email);
  await page.reload();
  await page.getByRole('button', { name: 'Account menu for Priya' }).click();
  await page.getByRole('link', { name: 'Account & emails' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const toggle = page.getByRole('switch', { name: 'Order progress emails' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Order progress emails are off; receipts and refunds still come')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Order progress emails' })).toHaveAttribute('aria-checked', 'false');
  // Keyboard: Space turns it back on.
  await page.getByRole('switch', { name: 'Order progress emails' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Order progress emails' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: join(SHOTS, 'account-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'account-390.png'), fullPage: true });
});

test('a receipt that could not be delivered is shown to the seller with the reason, and can be sent again', async ({ page, browser }) => {
  // A shopper whose mailbox the mail server refuses (e2e/mail-catcher.mjs refuses @bounce.test).
  const shopper = await browser.newContext();
  const email = `nobody-${Date.now()}@bounce.test`;
  await registerByApi(shopper.request, 'Bina', email);
  // The catcher takes an address's verification link even at bounce.test: Bina confirms it first.
  await verifyByApi(shopper.request, email);
  const address = await shopper.request.post('/api/Address/add', {
    data: {
      adress: {
        firstName: 'Bina',
        lastName: 'Das',
        email,
        street: '3 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
        country: 'India',
        phone: '9876543210',
      },
    },
  });
  const { products } = await (await shopper.request.get('/api/products?inStock=true&limit=1')).json();
  const placed = await shopper.request.post('/api/placeorders', {
    data: { address: (await address.json()).address._id, items: [{ product: products[0]._id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const { orderNumber } = (await placed.json()).order;
  // The seller's new-order mail arrives.
  await expect.poll(() => mailsTo('orders@e2e.test').some((m) => m.subject.includes(orderNumber)), { timeout: 15_000 }).toBe(true);
  await shopper.close();

  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Mail to shoppers' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('Order receipt');
  await expect(row).toContainText(email);
  await expect(row).toContainText('No such mailbox here');
  await page.screenshot({ path: join(SHOTS, 'seller-mail-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'seller-mail-390.png'), fullPage: true });
  await row.getByRole('button', { name: /^Send again/ }).click();
  await expect(page.getByText('Queued to be sent again')).toBeVisible();
});

test('an order receipt as a mail client shows it (HTML part), on a phone and a desktop', async ({ page, browser }) => {
  const shopper = await browser.newContext();
  const email = `receipt-${Date.now()}@example.com`;
  await registerByApi(shopper.request, 'Kavya', email);
  await verifyByApi(shopper.request, email);
  const address = await shopper.request.post('/api/Address/add', {
    data: {
      adress: {
        firstName: 'Kavya',
        lastName: 'Iyer',
        email,
        street: '7 Lake View Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600001',
        country: 'India',
        phone: '9876543210',
      },
    },
  });
  const { products } = await (await shopper.request.get('/api/products?inStock=true&limit=3')).json();
  const placed = await shopper.request.post('/api/placeorders', {
    data: { address: (await address.json()).address._id, items: products.map((p: { _id: string }, i: number) => ({ product: p._id, quantity: i + 1 })) },
  });
  expect(placed.status()).toBe(201);
  await shopper.close();
  const [receipt] = await waitForMail(email, 'email:order-confirmation:');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(receipt.html);
  await expect(page.getByText(/Order GC-\d+ is confirmed/)).toBeVisible();
  await expect(page.getByRole('link', { name: /View order GC-/ })).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'mail-receipt-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.screenshot({ path: join(SHOTS, 'mail-receipt-desktop.png'), fullPage: true });
});

test('on a phone: a new shopper is asked to confirm their email, opens the mailed link, and the banner goes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `confirm-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).first().click();
  await dialog(page).getByRole('button', { name: 'click here' }).click();
  await dialog(page).getByLabel('Name').fill('Chitra');
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password').fill('a-good-password');
  await dialog(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog(page)).toBeHidden();

  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(`Please confirm your email address — we sent a link to ${email}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(SHOTS, 'verify-email-banner-390.png') });
  // Asked again within 2 minutes: told to look in the inbox, no second mail.
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('alert')).toContainText('less than 2 minutes ago');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, 'verify-email-banner-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  const link = await verificationLink(email);
  expect(mailsTo(email)).toHaveLength(1);
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('status').filter({ hasText: 'is confirmed' })).toContainText(`Thank you: ${email} is confirmed.`);
  await expect(banner).toBeHidden();
  await page.screenshot({ path: join(SHOTS, 'verify-email-done-390.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('was used already');
  await expect(page.getByRole('alert')).toContainText('Your email address is confirmed already');
  await expect(banner).toBeHidden();
});
