import type { Locator, Page } from '@playwright/test';

/** CSS properties by their CSSOM names (`whiteSpace`, `resize`); '' takes a property back off. */
export type InlineStyles = Partial<
  Record<'overflow' | 'resize' | 'scrollbarWidth' | 'whiteSpace', string>
>;

/**
 * Sets styles on every element `locator` finds, through the CSSOM: the page's CSP refuses a
 * `style` attribute or a `<style>` from outside, and with them Playwright's `stylePath`.
 */
export async function setStyles(locator: Locator, styles: InlineStyles): Promise<void> {
  await locator.evaluateAll((elements, given) => {
    for (const element of elements as HTMLElement[]) {
      for (const [name, value] of Object.entries(given)) {
        element.style.setProperty(
          name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`),
          value,
        );
      }
    }
  }, styles);
}

/**
 * Call before every screenshot: what each Chromium build draws its own way, and no style of the
 * site's decides, is taken out of the picture. A textarea's resize grip (Chromium 150 and 156
 * draw it 20 pixels apart) goes; so do scrollbars of scrolling boxes, which headless Playwright
 * hides already and a browser without `--hide-scrollbars` would draw. Nothing of the site's own
 * styles is touched: a style missing from the build still changes the shot.
 */
export async function steadyNativeControls(page: Page): Promise<void> {
  await setStyles(page.locator('textarea'), { resize: 'none' });
  await page.evaluate(() => {
    for (const element of [document.documentElement, ...document.body.querySelectorAll('*')]) {
      const { overflowX, overflowY } = getComputedStyle(element);
      if (/auto|scroll/.test(overflowX + overflowY))
        (element as HTMLElement).style.setProperty('scrollbar-width', 'none');
    }
  });
}
