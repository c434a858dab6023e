import { expect, request as playwrightRequest, test } from '@playwright/test';
import { SELLER } from '../playwright.config';

/**
 * Delivery slots (issue 41): a shopper on a phone whose clock is in another time zone chooses tomorrow's
 * morning slot ("Only 1 left"), orders, and sees the slot in My orders; the seller filters the orders by
 * that slot and opens its pick list.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const shot = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png` });

test('a shopper picks tomorrow morning’s last place, orders, and the seller packs it from the slot’s pick list', async ({ browser, baseURL }) => {
  // A slot of its own each run (places taken by an earlier run stay taken): 07:mm–09:mm, one place.
  const mm = String(Math.floor(Date.now() / 1000) % 60).padStart(2, '0');
  const [start, end] = [`07:${mm}`, `09:${mm}`];
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + 86_400_000));
  const seller = await playwrightRequest.newContext({ baseURL });
  expect((await seller.post('/api/sellerlogin', { data: SELLER })).status()).toBe(200);
  const every = [0, 1, 2, 3, 4, 5, 6];
  const saved = await seller.put('/api/seller/delivery', {
    data: {
      areas: [],
      slots: [
        { days: every, start, end, capacity: 1, cutoffMinutes: 60 },
        { days: every, start: '18:00', end: '20:00', capacity: 30, cutoffMinutes: 60 },
      ],
    },
  });
  expect(saved.status()).toBe(200);

  try {
    // The shopper's phone keeps New York time: the days and times are the shop's all the same.
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const email = `slots-${Date.now()}@example.com`;
    expect((await context.request.post('/api/register', { data: { firstName: 'Meera', email, password: 'a-good-password' } })).status()).toBe(201);
    const address = {
      firstName: 'Meera',
      lastName: 'Iyer',
      email,
      street: `${Date.now() % 1000} Slot Street`,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      country: 'India',
      phone: '9876512399',
    };
    expect((await context.request.post('/api/Address/add', { data: { adress: address } })).status()).toBe(201);
    const { products } = await (await context.request.get('/api/products?search=potatoes')).json();
    const potatoes = products.find((p: { name: string }) => p.name === 'Fresh Potatoes') as { _id: string; name: string; category: string };
    await page.goto(`/products/${potatoes.category.toLowerCase()}/${potatoes._id}`);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await added;

    await page.goto('/cart');
    const chooser = page.getByTestId('slot-chooser');
    const morning = chooser.getByRole('radio', { name: `Tomorrow ${start}–${end}, Only 1 left` });
    await expect(morning).toBeEnabled();
    await morning.click();
    await expect(morning).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ ...shot('phone-slots-chosen'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-placed$/);
    const weekday = new Date(`${tomorrow}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
    const slotSaid = new RegExp(`${weekday} \\d{1,2} \\w{3}, ${start}–${end}`);
    await expect(page.getByTestId('order-promised')).toHaveText(slotSaid);
    await page.goto('/My-orders');
    const card = page.getByTestId('order-card').first();
    await expect(card.getByTestId('order-slot')).toContainText(slotSaid);
    await page.screenshot({ ...shot('phone-slots-my-orders'), fullPage: true });

    // Full now: the next shopper sees it greyed.
    const answer = await (await context.request.get('/api/delivery/slots?pincode=560001')).json();
    const slot = answer.days.flatMap((d: { slots: { id: string }[] }) => d.slots).find((s: { id: string }) => s.id === `${tomorrow}T${start}`);
    expect(slot).toMatchObject({ left: 0, available: false, reason: 'Full' });
    await context.close();

    // The packer: the orders of that slot, then its pick list.
    const desk = await browser.newContext({ viewport: DESKTOP });
    const sellerPage = await desk.newPage();
    await sellerPage.goto('/seller');
    await sellerPage.getByLabel('Email').fill(SELLER.email);
    await sellerPage.getByLabel('Password').fill(SELLER.password);
    await sellerPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(sellerPage.getByText('Hi · Owner')).toBeVisible();
    await sellerPage.goto('/seller/orders');
    await sellerPage.getByLabel('Delivery slot').selectOption({ label: `Tomorrow ${start}–${end} · 1 order` });
    await expect(sellerPage.getByTestId('seller-order')).toHaveCount(1);
    await expect(sellerPage.getByTestId('seller-order').first()).toContainText(address.street);
    await sellerPage.screenshot(shot('desktop-slots-seller-filter'));
    await sellerPage.getByRole('link', { name: 'Pick list' }).click();
    const table = sellerPage.getByTestId('pick-list');
    await expect(table.getByRole('row', { name: /Fresh Potatoes/ })).toContainText('1');
    await expect(sellerPage.getByRole('heading', { name: slotSaid })).toBeVisible();
    await sellerPage.screenshot(shot('desktop-slots-pick-list'));
    // Printed: the list alone, none of the seller area's menus.
    await sellerPage.emulateMedia({ media: 'print' });
    await expect(table).toBeVisible();
    await expect(sellerPage.getByText('Hi · Owner')).toBeHidden();
    await sellerPage.screenshot({ ...shot('desktop-slots-pick-list-print'), fullPage: true });
    await sellerPage.emulateMedia({ media: 'screen' });
    // The order's packing slip, printed.
    await sellerPage.goBack();
    await sellerPage.getByTestId('seller-order').first().getByRole('button', { name: 'Print packing slip' }).click();
    await sellerPage.emulateMedia({ media: 'print' });
    await expect(sellerPage.getByTestId('packing-slip').getByText(/Fresh Potatoes/)).toBeVisible();
    await sellerPage.screenshot({ ...shot('desktop-slots-packing-slip-print'), fullPage: true });
    await desk.close();
  } finally {
    await seller.put('/api/seller/delivery', { data: { areas: [] } });
    await seller.dispose();
  }
});

test('the seller edits delivery slots on a phone: an overlapping slot is refused at its row, a good one saved', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hi · Owner')).toBeVisible();
  try {
    await page.goto('/seller/delivery');
    const slots = page.getByTestId('slot-settings');
    await slots.getByRole('button', { name: 'Add slot' }).click();
    await slots.getByRole('button', { name: 'Add slot' }).click();
    const second = slots.getByTestId('delivery-slot').nth(1);
    await second.getByLabel('From').fill('08:00');
    await second.getByLabel('To').fill('10:00');
    await page.getByRole('button', { name: 'Save delivery settings' }).click();
    await expect(second).toContainText('Slots 1 (07:00–09:00) and 2 (08:00–10:00) overlap on Sunday');
    await page.screenshot({ ...shot('phone-slots-settings-overlap'), fullPage: true });
    await second.getByLabel('From').fill('09:00');
    await second.getByLabel('To').fill('11:00');
    await second.getByLabel('Orders at most').fill('5');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/seller/delivery') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save delivery settings' }).click();
    expect((await saved).status()).toBe(200);
    const settings = await (await context.request.get('/api/seller/delivery')).json();
    expect(settings.slots).toEqual([
      { days: [0, 1, 2, 3, 4, 5, 6], start: '07:00', end: '09:00', capacity: 20, cutoffMinutes: 60 },
      { days: [0, 1, 2, 3, 4, 5, 6], start: '09:00', end: '11:00', capacity: 5, cutoffMinutes: 60 },
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ ...shot('phone-slots-settings-saved'), fullPage: true });

    // The owner's activity log has the change under its own kind, the slots as they were typed.
    await page.goto('/seller/activity');
    await page.getByLabel('What').selectOption({ label: 'Delivery slots' });
    const entry = page.getByTestId('activity-entry').first();
    await expect(entry).toContainText('Delivery slots');
    await expect(entry).toContainText('Every day 07:00–09:00, 20 places; Every day 09:00–11:00, 5 places');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ ...shot('phone-slots-activity'), fullPage: true });
  } finally {
    await context.request.put('/api/seller/delivery', { data: { areas: [] } });
    await context.close();
  }
});
