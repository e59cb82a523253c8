/**
 * Visual tests: every page and state at 375 px (a phone) and 1280 px (a desktop), compared with
 * the committed baselines in e2e/visual.spec.ts-snapshots/, plus a check that nothing is wider
 * than a 375 px viewport.
 *
 * Refresh the baselines after a page changes on purpose (look at the new PNGs before committing):
 *   flock /tmp/e2e.lock npm run test:e2e -- e2e/visual.spec.ts --update-snapshots
 * only those of some pages (the -g pattern matches the test titles below):
 *   flock /tmp/e2e.lock npm run test:e2e -- e2e/visual.spec.ts --update-snapshots -g "diary|checkout"
 * `--update-snapshots` rewrites only the screenshots that differ; then run the spec again without
 * it to see them pass.
 *
 * Deterministic by construction: the browser's clock stands still at VISUAL_NOW, every /api/**
 * call is answered from e2e/support/visual-data.ts (by visual-api.ts), the time zone and locale
 * are fixed, the carousel starts paused (reduced motion), lazy images are loaded and fonts ready
 * before each shot, toasts are hidden, each test's account has its own fixed address, and what
 * still varies (when the emulator made the account and signed it in) is masked.
 */
import type { Locator, Page } from '@playwright/test';
import type { TestUser } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { signInForPictures } from './support/signed-in';
import { answerApiFromFixtures } from './support/visual-api';
import { VISUAL_NOW } from './support/visual-data';
import { expectPicture } from './support/screenshots';

const WIDTHS = [375, 1280] as const;
type Width = (typeof WIDTHS)[number];
const VIEWPORTS: Record<Width, { width: number; height: number }> = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
};

/** Who is signed in for a scene. */
type Visitor = 'nobody' | 'unverified' | 'client' | 'practitioner';

interface Scene {
  name: string;
  visitor: Visitor;
  /** Opens the page and brings it to the state shown; waits for what the state is known by. */
  open: (page: Page, width: Width) => Promise<void>;
  /** A dialog covers the screen: shoot the viewport, not the page behind it. */
  dialog?: boolean;
}

const COUPLES = 2;
/** A day and a time the fixtures offer for every service (Wednesday 3 March, 15:30). */
const PICKED_DAY = '2027-03-03';
const PICKED_TIME = '2027-03-03T15:30:00.000Z';
const FREE_CALL = 1000;
const pickerPath = (service: number) =>
  `/checkout?service=${service}&day=${PICKED_DAY}&time=${encodeURIComponent(PICKED_TIME)}`;

/** The picker with a day and time chosen, and the request sent (its button names what it asks). */
async function sendRequest(page: Page, service: number) {
  await page.goto(pickerPath(service));
  await expect(page.getByText('Your choice:')).toBeVisible();
  if (service === FREE_CALL) await page.getByLabel('Phone number to call').fill('07400 123456');
  if (service === COUPLES) {
    await page.getByLabel('Partner’s name').fill('Pat Partner');
    await page.getByLabel('Partner’s email').fill('pat.partner@example.com');
  }
  await page.locator('form.booking-form button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

async function openDiary(page: Page) {
  await page.goto('/practice');
  await expect(heading(page, 'Diary')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Week of Monday 1 March 2027/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Waiting for you/ })).toBeVisible();
}

/** Jordan Lee's confirmed session on Tuesday 2 March, in whichever week view the width shows. */
async function openConfirmedSession(page: Page) {
  await openDiary(page);
  await page
    .getByRole('button', { name: /Jordan Lee/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /with Jordan Lee/ })).toBeVisible();
}

const SCENES: Scene[] = [
  {
    name: 'home',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
      await expect(page.locator('.services-grid > li').first()).toBeVisible();
    },
  },
  {
    name: 'about',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/about');
      await expect(heading(page, 'About Me')).toBeVisible();
    },
  },
  {
    name: 'privacy',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/privacy');
      await expect(heading(page, 'Privacy notice')).toBeVisible();
    },
  },
  {
    name: 'blogs',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/blogs');
      await expect(heading(page, 'Read My Blogs')).toBeVisible();
    },
  },
  {
    name: 'login',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/login');
      await expect(heading(page, 'Please Log In')).toBeVisible();
    },
  },
  {
    name: 'register',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/register');
      await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
    },
  },
  {
    name: 'not-found',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto('/no-such-page');
      await expect(heading(page, '404 Page Not Found')).toBeVisible();
    },
  },
  {
    name: 'checkout-signed-out',
    visitor: 'nobody',
    open: async (page) => {
      await page.goto(`/checkout?service=${COUPLES}`);
      await expect(page).toHaveURL('/login');
      await expect(heading(page, 'Please Log In')).toBeVisible();
    },
  },
  {
    name: 'checkout-check-email',
    visitor: 'unverified',
    open: async (page) => {
      await page.goto(`/checkout?service=${COUPLES}`);
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    },
  },
  {
    name: 'checkout-choose-service',
    visitor: 'client',
    open: async (page) => {
      await page.goto('/checkout');
      await expect(page.getByText('Choose a service')).toBeVisible();
    },
  },
  {
    // A weekly plan: the picker lists the following weeks and asks for the series.
    name: 'checkout-picker',
    visitor: 'client',
    open: async (page) => {
      await page.goto(pickerPath(COUPLES));
      await expect(page.getByText('Your choice:')).toContainText('Wednesday 3 March, 15:30');
    },
  },
  {
    name: 'checkout-request-sent',
    visitor: 'client',
    open: async (page) => {
      await sendRequest(page, COUPLES);
    },
  },
  {
    // A single session (the free call has no series).
    name: 'checkout-picker-free-call',
    visitor: 'client',
    open: async (page) => {
      await page.goto(pickerPath(FREE_CALL));
      await expect(page.getByText('Your choice:')).toContainText('Wednesday 3 March, 15:30');
    },
  },
  {
    name: 'checkout-request-sent-free-call',
    visitor: 'client',
    open: async (page) => {
      await sendRequest(page, FREE_CALL);
    },
  },
  {
    // The empty intake saved: the error summary at the top, each error under its field.
    name: 'intake-errors',
    visitor: 'client',
    open: async (page) => {
      await page.goto('/account/intake');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('region', { name: 'There is a problem' })).toBeFocused();
    },
  },
  {
    name: 'my-bookings',
    visitor: 'client',
    open: async (page) => {
      await page.goto('/bookings');
      await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
    },
  },
  {
    name: 'account',
    visitor: 'client',
    open: async (page) => {
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
      // Its forms come once the identity SDK has restored the session (src/lib/boot-session.ts).
      await expect(page.getByRole('form', { name: 'Delete your account' })).toBeVisible();
    },
  },
  {
    // A week grid at 1280 px, a day list at 375 px.
    name: 'diary',
    visitor: 'practitioner',
    open: openDiary,
  },
  {
    name: 'diary-decline-dialog',
    visitor: 'practitioner',
    dialog: true,
    open: async (page) => {
      await openDiary(page);
      await page
        .getByRole('button', { name: /^Decline/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Decline this request?' })).toBeVisible();
    },
  },
  {
    name: 'diary-session-dialog',
    visitor: 'practitioner',
    dialog: true,
    open: openConfirmedSession,
  },
  {
    name: 'diary-cancel-dialog',
    visitor: 'practitioner',
    dialog: true,
    open: async (page) => {
      await openConfirmedSession(page);
      await page.getByRole('button', { name: 'Cancel session' }).click();
      await expect(page.getByRole('dialog', { name: 'Cancel this session?' })).toBeVisible();
    },
  },
];

/** The fixed clock and the fixture API, then the visitor signed in (a persisted session). */
async function prepare(page: Page, visitor: Visitor, key: string): Promise<TestUser | undefined> {
  await page.clock.setFixedTime(new Date(VISUAL_NOW));
  await answerApiFromFixtures(page);
  if (visitor === 'nobody') return undefined;
  return signInForPictures(page, key, {
    verified: visitor !== 'unverified',
    practitioner: visitor === 'practitioner',
  });
}

/** Waits until nothing on the page is still arriving: the app, data, fonts and every image. */
async function settle(page: Page): Promise<void> {
  await ready(page);
  await expect(page.locator('.spinner-border').filter({ visible: true })).toHaveCount(0);
  await page.evaluate(async () => {
    const images = [...document.images];
    // Lazy images below the fold would otherwise be blank in a full-page shot.
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map(async (image) => {
        if (!image.complete) {
          await new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          });
        }
        await image.decode().catch(() => undefined);
      }),
    );
    await document.fonts.ready;
    // A toast comes and goes on its own timer; it is not part of any page's look.
    for (const host of document.querySelectorAll<HTMLElement>('.Toastify'))
      host.style.visibility = 'hidden';
  });
}

/**
 * What differs from run to run whatever the fixtures say: when the emulator made the account and
 * signed it in. The whole grid cell is masked, as its width does not depend on the text.
 */
function varying(page: Page): Locator[] {
  return [page.locator('.account-facts dd').filter({ has: page.locator('time') })];
}

// One zone and language whatever the machine's; reduced motion holds the carousel on slide 1.
test.use({
  timezoneId: 'Europe/London',
  locale: 'en-GB',
  contextOptions: { reducedMotion: 'reduce' },
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: VIEWPORTS[width] });

    for (const scene of SCENES) {
      test(`${scene.name} looks as it did`, async ({ page, expectProblems }) => {
        expectProblems(...expectedProblems(scene.name));
        // The address is on the page (check your email, My account): it must be the same in every
        // repeat of the suite. Repeats are whole passes, so one scene's never run at once.
        await prepare(page, scene.visitor, `${scene.name}-${width}`);
        await scene.open(page, width);
        await settle(page);
        await expectPicture(page, `${scene.name}-${width}.png`, {
          fullPage: !scene.dialog,
          mask: varying(page),
        });
      });
    }
  });
}

/**
 * Every element reaching past the viewport's right edge, except those an ancestor clips (an
 * overflow-hidden or scrolling box that itself fits, such as the carousel's track of slides).
 */
function tooWide(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clippedByAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false;
        if (getComputedStyle(parent).overflowX !== 'visible') {
          return parent.getBoundingClientRect().right <= width + 0.5;
        }
      }
      return false;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return false;
      return box.right > width + 0.5 && !clippedByAncestor(element);
    });
    const describe = (element: Element) => {
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const right = Math.round(element.getBoundingClientRect().right);
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes} (right ${right} px) "${text}"`;
    };
    return {
      width,
      scrollWidth: document.documentElement.scrollWidth,
      offenders: offenders.slice(0, 10).map(describe),
    };
  });
}

test.describe('nothing is wider than the viewport at 375 px', () => {
  test.use({ viewport: VIEWPORTS[375] });

  for (const scene of SCENES) {
    test(`${scene.name} fits`, async ({ page, expectProblems }) => {
      expectProblems(...expectedProblems(scene.name));
      await prepare(page, scene.visitor, `${scene.name}-fits-${test.info().repeatEachIndex}`);
      await scene.open(page, 375);
      await settle(page);
      const { width, scrollWidth, offenders } = await tooWide(page);
      expect(offenders, `elements past the right edge of ${width} px`).toEqual([]);
      expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(width);
    });
  }
});
/** What a scene causes on purpose: the 404 page's own address, a client with no intake yet. */
function expectedProblems(scene: string): RegExp[] {
  if (scene === 'not-found') return [/response 404: .*\/no-such-page$/];
  if (scene === 'intake-errors') return [/response 404: .*\/api\/intake$/];
  return [];
}
