import { expect } from '@playwright/test';
import type { Locator, Page, PageAssertionsToHaveScreenshotOptions } from '@playwright/test';

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

/**
 * Every picture test goes through here (lint refuses `toHaveScreenshot` elsewhere), so what makes a
 * picture differ from run to run is taken out once:
 * - the pointer goes to the window's corner, where nothing reacts to it: left where the test last
 *   clicked, it hovered whatever the page had moved under it, and that moves with the day's data;
 * - native controls, as `steadyNativeControls` says;
 * - for a picture of an element, whatever is fixed or sticky on screen and not part of the element
 *   (the sticky navbar, toasts, the skip link) is hidden while it is taken. An element taller than
 *   the screen is drawn while the page scrolls past it, and the navbar would land on it in a
 *   different place each time. Hidden with `visibility`, so nothing moves; put back afterwards.
 *   An element that is itself fixed on screen, or inside something fixed (a dialog, a toast), does
 *   not scroll; the page behind it is hidden instead (it shows at a dialog's rounded corners), and
 *   the backdrop stays.
 * A picture of the whole page keeps its navbar, at the top where a visitor first sees it.
 * `wholePixel` is for an element below something that changes with the day's data (a day's free
 * times): its top lands on a different fraction of a pixel, and its lines of text round to whole
 * pixels each its own way. It is moved up by that fraction (`position: relative`, so nothing else
 * moves) while the picture is taken.
 */
export async function expectPicture(
  target: Page | Locator,
  name: string,
  {
    wholePixel = false,
    ...options
  }: PageAssertionsToHaveScreenshotOptions & { wholePixel?: boolean } = {},
): Promise<void> {
  await (isPage(target) ? target : target.page()).mouse.move(0, 0);
  if (isPage(target)) {
    await steadyNativeControls(target);
    // A whole page is drawn from its top: the sticky navbar is drawn where the page was scrolled
    // to, so a page left scrolled by the test (a keyboard step, a focused field) drew it twice.
    // At once: the site scrolls smoothly, and a picture taken mid-scroll differs run to run.
    if (options.fullPage)
      await target.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(target).toHaveScreenshot(name, options);
    return;
  }
  await steadyNativeControls(target.page());
  await target.evaluate((subject) => {
    const pinned = (element: Element) => /fixed|sticky/.test(getComputedStyle(element).position);
    const hide = (element: HTMLElement) => {
      element.dataset.pictureHidden = '';
      element.style.setProperty('visibility', 'hidden');
    };
    // Something fixed on screen itself (a dialog, a toast) does not scroll. What shows at its
    // rounded corners is the page behind, which changes with every feature on that page: the page
    // is hidden, the backdrop stays.
    for (let node: Element | null = subject; node; node = node.parentElement) {
      if (!pinned(node)) continue;
      for (const child of document.body.children)
        if (!child.contains(subject) && !child.classList.contains('modal-backdrop'))
          hide(child as HTMLElement);
      return;
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!pinned(element) || getComputedStyle(element).visibility === 'hidden') continue;
      if (element.contains(subject) || subject.contains(element)) continue;
      hide(element);
    }
  });
  if (wholePixel)
    await target.evaluate((subject: HTMLElement) => {
      const top = subject.getBoundingClientRect().top + window.scrollY;
      subject.style.setProperty('position', 'relative');
      subject.style.setProperty('top', `${Math.floor(top) - top}px`);
    });
  try {
    await expect(target).toHaveScreenshot(name, options);
  } finally {
    await target.page().evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('[data-picture-hidden]')) {
        element.style.removeProperty('visibility');
        delete element.dataset.pictureHidden;
      }
    });
    if (wholePixel)
      await target.evaluate((subject: HTMLElement) => {
        subject.style.removeProperty('position');
        subject.style.removeProperty('top');
      });
  }
}

const isPage = (target: Page | Locator): target is Page => 'goto' in target;
