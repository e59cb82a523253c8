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
  let violations = await analyzeAtRest(page);
  // Something that started moving while axe read (a toast whose code loads on demand sliding in,
  // or one sliding out) was read half-way: read the page again once it is still.
  for (let reread = 0; reread < 3 && (await movedSinceMark(page)); reread += 1) {
    violations = await analyzeAtRest(page);
  }
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

async function analyzeAtRest(page: Page) {
  await motionSettled(page);
  await markMotion(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations;
}

interface MotionMark {
  since: number;
  started: boolean;
}

/** Notes from now on any animation or transition that starts (even one that ends at once). */
async function markMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = window as unknown as { motionMark?: MotionMark };
    const mark: MotionMark = { since: document.timeline.currentTime as number, started: false };
    if (scope.motionMark === undefined) {
      const started = () => {
        if (scope.motionMark) scope.motionMark.started = true;
      };
      document.addEventListener('animationstart', started, true);
      document.addEventListener('transitionstart', started, true);
      // A script's own animation (Element.animate) fires no event and may end before we look.
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (
        this: Element,
        ...args: Parameters<Element['animate']>
      ) {
        started();
        return animate.apply(this, args);
      };
    }
    scope.motionMark = mark;
  });
}

/** Whether anything started moving since the mark: a CSS event, or an animation begun after it. */
async function movedSinceMark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const mark = (window as unknown as { motionMark?: MotionMark }).motionMark;
    if (!mark) return false;
    return (
      mark.started ||
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.pending ||
            (animation.startTime !== null && Number(animation.startTime) >= mark.since),
        )
    );
  });
}
