import { expect, type Page, test } from '@playwright/test';
import { formatRupees } from '@greencart/domain';
import { SELLER } from '../playwright.config';
import { pdfText } from '../../backend/test/support/pdf-text';
import { sellerApi } from '../shop-api';

/**
 * Issue 54, as the owner and a shopper meet it: the owner registers the shop for GST on the shop details
 * screen; a shopper then sees "incl. GST" on the product page, no "+2% tax" line in the cart, pays the MRP,
 * and My orders says the GST the total includes. The shop goes back to `flat` afterwards (the other specs
 * read the 2% rule).
 */
const shots = (name: string) => ({ path: `e2e/artifacts/screenshots/${name}.png`, fullPage: true });
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const DETAILS = { legalName: 'Sai Kirana Stores', gstin: '29AAACG1234A1ZA', address: '12 MG Road, Bengaluru 560001', stateCode: '29' };

async function screenshots(page: Page, name: string) {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot(shots(`${name}-${width}`));
  }
}

test.afterAll(async ({ baseURL }) => {
  const api = await sellerApi(baseURL!);
  expect((await api.put('/api/seller/shop', { data: { ...DETAILS, taxMode: 'flat' } })).ok()).toBe(true);
  await api.dispose();
});

test('the owner registers for GST; a shopper sees "incl. GST", pays the MRP and reads the GST included', async ({ page, browser, baseURL }) => {
  // The owner, on the shop details screen.
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('today-figures')).toBeVisible();
  await page.goto('/seller/shop');
  await page.getByLabel('Legal name').fill(DETAILS.legalName);
  await page.getByLabel('State').selectOption(DETAILS.stateCode);
  await page.getByLabel('GSTIN').fill(DETAILS.gstin);
  await page.getByLabel('Address').fill(DETAILS.address);
  await page.getByRole('radio', { name: /Registered for GST/ }).check();
  await expect(page.getByLabel('GST rates (%)')).toHaveValue(/0, 0\.25, 3, 5, 18, 40/);
  await screenshots(page, 'shop-details-gst');
  await page.getByRole('button', { name: 'Save shop details' }).click();
  await expect(page.getByRole('radio', { name: /Registered for GST/ })).toBeChecked();
  await expect.poll(async () => (await (await page.request.get('/api/shop')).json()).shop.taxMode).toBe('gst');

  // A shopper, in a context of their own.
  const shopperContext = await browser.newContext({ baseURL });
  const shop = await shopperContext.newPage();
  const email = `gst-${Date.now()}@example.com`;
  expect((await shop.request.post('/api/register', { data: { firstName: 'Meera', email, password: 'a-good-password' } })).ok()).toBe(true);
  const address = {
    firstName: 'Meera',
    lastName: 'Nair',
    street: '4 Church Street',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    country: 'India',
    phone: '9876512345',
  };
  expect((await shop.request.post('/api/Address/add', { data: { adress: address } })).ok()).toBe(true);
  const { products } = await (await shop.request.get('/api/products?search=atta&limit=5')).json();
  const atta = (products as { _id: string; name: string; category: string; offerPrice: number; gstRate?: number }[]).find(
    (p) => p.name === 'Whole Wheat Atta',
  )!;
  expect(atta.gstRate).toBe(5);

  await shop.goto(`/products/${atta.category.toLowerCase()}/${atta._id}`);
  await expect(shop.getByTestId('tax-note')).toHaveText(/^incl\. GST/);
  await screenshots(shop, 'product-gst');
  const saved = shop.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PATCH' && r.ok());
  await shop.getByRole('button', { name: 'Add to Cart' }).click();
  await saved;

  await shop.goto('/cart');
  const mrp = Math.round(atta.offerPrice * 100);
  await expect(shop.getByTestId('gst-inside')).toBeVisible();
  await expect(shop.getByText('Tax (2%)')).toHaveCount(0);
  await screenshots(shop, 'cart-gst');
  const placed = shop.waitForResponse((r) => r.url().endsWith('/api/placeorders') && r.status() === 201);
  await shop.getByRole('button', { name: 'Place Order' }).click();
  const order = (await (await placed).json()).order as { amountPaise: number; taxPaise: number; taxMode: string; taxInsidePaise: number };
  // The MRP is the charge: nothing added on top.
  expect(order).toMatchObject({ amountPaise: mrp, taxPaise: 0, taxMode: 'gst' });
  await expect(shop).toHaveURL(/\/order-placed$/);

  await shop.goto('/My-orders');
  await expect(shop.getByTestId('order-gst-inside').first()).toHaveText(formatRupees(order.taxInsidePaise));
  await screenshots(shop, 'my-orders-gst');

  // The invoice first (it takes its number), then a cancel: what went back is a credit note against it.
  const invoice = shop.waitForEvent('download');
  await shop.getByRole('button', { name: 'Tax invoice (PDF)' }).first().click();
  const invoiceFile = await invoice;
  expect(invoiceFile.suggestedFilename()).toMatch(/^invoice-GC-\d\d-\d\d-\d{6}\.pdf$/);
  // The tax invoice shows the GST inside the atta's MRP at its rate, split CGST + SGST within Karnataka.
  const invoiceText = pdfText(Buffer.from(await streamText(await invoiceFile.createReadStream(), 'latin1'), 'latin1')).replace(/ {2,}/g, ' ');
  expect(invoiceText).toContain('Prices include GST.');
  expect(invoiceText).toMatch(/5% on ₹[\d,.]+ CGST ₹[\d,.]+ \+ SGST ₹[\d,.]+/);
  expect(invoiceText).toContain(`Total GST included ${formatRupees(order.taxInsidePaise)}`);
  await shop.getByRole('button', { name: 'Cancel order' }).first().click();
  // The shopper may say why (issue 61); the shop reads it.
  await shop.getByRole('dialog').getByLabel('Why are you cancelling? (optional)').fill('Ordered by mistake');
  await screenshots(shop, 'my-orders-cancel-reason');
  await shop.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(shop.getByTestId('cancellation-note').first()).toContainText('You cancelled this order: Ordered by mistake');
  await shop.getByText('Credit notes').first().click();
  const note = shop.getByTestId('credit-notes').getByRole('button', { name: /^CN\/\d\d-\d\d\/\d{6} · Order cancelled/ });
  await expect(note).toContainText(formatRupees(mrp));
  await screenshots(shop, 'my-orders-credit-note');
  const noteSaved = shop.waitForEvent('download');
  await note.click();
  expect((await noteSaved).suggestedFilename()).toMatch(/^credit-note-CN-\d\d-\d\d-\d{6}\.pdf$/);
  await shopperContext.close();

  // The owner downloads this month's GSTR-1 from the dashboard: the invoice and its credit note are in it.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());
  await page.goto('/seller');
  const panel = page.getByRole('region', { name: 'GST return (GSTR-1)' });
  await panel.getByLabel('Month').fill(month);
  const gstr1 = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download JSON' }).click();
  const file = await gstr1;
  expect(file.suggestedFilename()).toBe(`GSTR1_${DETAILS.gstin}_${month.slice(5)}${month.slice(0, 4)}.json`);
  const json = JSON.parse(await streamText(await file.createReadStream()));
  expect(json).toMatchObject({ gstin: DETAILS.gstin, fp: `${month.slice(5)}${month.slice(0, 4)}` });
  const types = (json.doc_issue.doc_det as { doc_typ: string; docs: { net_issue: number }[] }[]).map((d) => [d.doc_typ, d.docs[0].net_issue > 0]);
  expect(types).toEqual([
    ['Invoices for outward supply', true],
    ['Credit Note', true],
  ]);
  await panel.scrollIntoViewIfNeeded();
  // Beside it, the period's sales with and without tax and the tax per rate.
  const tax = page.getByRole('region', { name: 'Tax', exact: true });
  await expect(tax.getByTestId('sales-with-tax')).toHaveText(/^₹/);
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await panel.screenshot({ path: `e2e/artifacts/screenshots/gstr1-panel-${width}.png` });
    await tax.screenshot({ path: `e2e/artifacts/screenshots/tax-panel-${width}.png` });
  }
});

async function streamText(stream: NodeJS.ReadableStream, encoding: BufferEncoding = 'utf8'): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString(encoding);
}
