import { expect, type Page, test } from '@playwright/test';
import { SELLER } from '../playwright.config';

const dialog = (page: Page) => page.getByRole('dialog');

async function openLogin(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
}

test('a shopper signs up, signs out, signs in, and the cart follows them', async ({ page, browser }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto('/');

  // A guest cart before signing up is merged into the new account.
  await page.getByTestId('product-card').first().getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await openLogin(page);
  await dialog(page).getByRole('button', { name: 'click here' }).click();
  await dialog(page).getByLabel('Name').fill('Meera');
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password').fill('a-good-password');
  await dialog(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu for Meera' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My orders' }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // Wrong password keeps the dialog open with the server's message.
  await page.getByRole('button', { name: 'Account menu for Meera' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await openLogin(page);
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password').fill('wrong-password');
  await dialog(page).getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Invalid email or password');

  await dialog(page).getByLabel('Password').fill('a-good-password');
  await dialog(page).getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // Another device: a fresh browser context signing in sees the same saved cart.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/');
  await openLogin(second);
  await dialog(second).getByLabel('Email').fill(email);
  await dialog(second).getByLabel('Password').fill('a-good-password');
  await dialog(second).getByRole('button', { name: 'Login', exact: true }).click();
  await expect(second.getByTestId('cart-count')).toHaveText('1');
  await other.close();
});

test('the seller signs in and sees the dashboard; a shopper cannot', async ({ page }) => {
  await page.goto('/seller');
  await expect(page.getByText('Hi · Owner')).toBeHidden();
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('not-the-seller');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Hi · Owner')).toBeHidden();

  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seller' })).toBeVisible();
  // Seller pages hide the shopper navbar and footer.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/screenshots/seller-dashboard.png', fullPage: true });

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/seller');
  await expect(page.getByText('Hi · Owner')).toBeHidden();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a refused Google sign-in comes back with an error message', async ({ page }) => {
  await page.goto('/?login=failed');
  await expect(page.getByText('Google sign-in was cancelled or failed. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
