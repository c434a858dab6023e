import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { animationsDone } from './animations';

/** WCAG 2.1 A and AA, the rules the browser suites hold every page to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** The serious and critical ones: what fails a page. */
export const blocking = (violations: Violations) => violations.filter((v) => BLOCKING.has(v.impact ?? ''));

/** No toast on the page, and the animations that end (a toast's leaving) have ended. */
export async function noToasts(page: Page) {
  // They live 2–4 s, then leave the DOM a second later.
  await expect(page.locator('[data-rht-toaster] > *')).toHaveCount(0, { timeout: 10_000 });
  await animationsDone(page);
}

/**
 * axe's WCAG 2.1 A/AA findings for what the page shows now. A toast that came in while axe ran (a late
 * answer on a busy machine) is measured in its entrance's blended colours (#999a9a on white), and may be
 * gone again by the time the findings are read: so whenever a scan finds something serious, the page is
 * measured again once no toast is left. A page that is wrong stays wrong the second time.
 */
export async function wcagViolations(page: Page): Promise<Violations> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  if (blocking(violations).length === 0) return violations;
  await noToasts(page);
  return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
}
