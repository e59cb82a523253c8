import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The page does not scroll sideways, as a person sees it once the page has settled: asked again
 * until it holds (or the expect timeout ends). A single read right after `setViewportSize` or a
 * navigation catches the page between layouts: a drawing still at the old width until its
 * ResizeObserver has run measured 292 px too wide for one frame.
 */
export async function expectNoSidewaysScroll(page: Page, where = 'the page'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `${where} does not scroll sideways` },
    )
    .toBeLessThanOrEqual(0);
}
