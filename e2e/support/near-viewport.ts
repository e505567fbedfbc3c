import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Passes through the page before a stand-in still left counts as a failure. */
const MAX_PASSES = 5;

/** What stands in for a part while its code or data loads: a skeleton, a loading bar. */
const LOADING =
  '.MuiSkeleton-root, [role="progressbar"][aria-label^="Loading"], [aria-busy="true"]';

/**
 * Whether something on screen is still loading. Playwright's 'networkidle' fires once per page,
 * so it cannot tell whether what a scroll brought near has arrived: the screen is asked instead,
 * after two frames, so that what came near has had its observer called.
 */
function loadingOnScreen(page: Page): Promise<boolean> {
  return page.evaluate(async (selector) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return [...document.querySelectorAll(selector)].some((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    });
  }, LOADING);
}

/**
 * Scrolls a long page through, a viewport at a time, waiting at each step until what came into
 * view has drawn (the details page's lower sections, charts), then goes back to the top. A part
 * that arrives shorter or taller than its stand-in moves the ones after it, so the page is passed
 * through again until no stand-in is left anywhere.
 */
export async function drawPartsLoadedNearViewport(page: Page) {
  const skeletons = page.locator('.MuiSkeleton-root');
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (;;) {
      await expect.poll(() => loadingOnScreen(page), { timeout: 15_000 }).toBe(false);
      const more = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight);
        return window.scrollY > before;
      });
      if (!more) break;
    }
    await expect.poll(() => loadingOnScreen(page), { timeout: 15_000 }).toBe(false);
    if ((await skeletons.count()) === 0) break;
  }
  await expect(skeletons).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Scrolls a lower section of the details page into view, as a clinician would, and waits until
 * its code has replaced its stand-in card. `title` is the section card's title.
 */
export async function scrollToSection(page: Page, title: string): Promise<Locator> {
  const section = page.getByRole('region', { name: title, exact: true });
  // The stand-in card gives way to the section's own as it arrives: then it is scrolled to again.
  await expect(() => section.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await expect(section.getByRole('progressbar', { name: `Loading ${title}` })).toHaveCount(0);
  return section;
}
