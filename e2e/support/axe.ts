import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA: every spec checks against the same rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Resolves once nothing on the page is moving: every CSS transition and animation that ends has
 * ended (a button's colour after a click, a toast sliding in, a dialog's fade), no Bootstrap
 * `.fade` element is shown before its `.show` (the frame before a fade starts), and no smooth
 * scroll is under way (a target read under the sticky header mid-scroll). Left running:
 * what never ends (a spinner) and a countdown that takes seconds without fading (a toast's
 * progress bar), which axe does not read colours from.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    (longest) => {
      const moving = document.getAnimations().filter((animation) => {
        if (animation.playState !== 'running' && !animation.pending) return false;
        const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
        if (!Number.isFinite(end)) return false;
        // A fade is waited for however long it lasts: its colours are half-way meanwhile.
        const fades =
          animation.effect instanceof KeyframeEffect &&
          animation.effect.getKeyframes().some((frame) => 'opacity' in frame);
        return end <= longest || fades;
      });
      const fadingIn = [...document.querySelectorAll('.fade:not(.show)')].filter((element) => {
        const style = getComputedStyle(element);
        return style.display !== 'none' && style.visibility !== 'hidden';
      });
      return moving.length === 0 && fadingIn.length === 0;
    },
    LONGEST_MOTION_MS,
    { polling: 'raf' },
  );
  // A smooth scroll (Bootstrap's `scroll-behavior: smooth`, as when the focus moves down a form) is
  // no animation document.getAnimations() lists: wait for three frames without a scroll.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const where = () =>
      [document.scrollingElement, ...document.querySelectorAll('.modal, .table-responsive')]
        .map((box) => `${box?.scrollLeft ?? 0},${box?.scrollTop ?? 0}`)
        .join(' ');
    let last = where();
    for (let still = 0, frames = 0; still < 3 && frames < 300; frames += 1) {
      await frame();
      const now = where();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

/** Transitions and fades last well under this; a toast's countdown bar lasts longer. */
const LONGEST_MOTION_MS = 2_000;

/**
 * Fails with every WCAG 2.2 AA violation axe finds, once transitions and fades have ended: a
 * colour read half-way through a fade, or a target read as it slides, would be neither the
 * page's look before nor after.
 */
export async function expectNoAxeViolations(
  page: Page,
  state: string,
  { impact = false }: { impact?: boolean } = {},
): Promise<void> {
  await motionSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const id = impact ? `${violation.id} [${violation.impact ?? 'unknown'}]` : violation.id;
      // What axe measured ("partially obscured, 20px by 10px"): the help alone does not say.
      const why = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `${id} ${node.target.join(' >> ')}: ${violation.help}${why ? ` (${why})` : ''}`;
    }),
  );
  expect(report, `axe WCAG 2.2 AA violations (${state}):\n${report.join('\n')}`).toEqual([]);
}
