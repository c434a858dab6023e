import { expect, type Page } from '@playwright/test';

/** The shop's computer: the seller area at a desktop width. */
export const DESKTOP = { width: 1280, height: 800 };

/** Nothing on the page is wider than the window (no sideways scroll). */
export async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
