import type { Page } from '@playwright/test';

/** Transitions and animations that end (dialogs, menus, toasts coming in) have ended; endless ones (skeletons, spinners) run on. */
export async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    // Two frames: a style change made just now has started its transition.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}
