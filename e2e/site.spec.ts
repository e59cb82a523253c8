import { expect, ready, test } from './support/fixtures';
import { E2E } from './support/ports';

test.describe('public pages', () => {
  for (const [path, heading] of [
    ['/', 'Mindful Path Counselling'],
    ['/home', 'Mindful Path Counselling'],
    ['/about', 'About Me'],
    ['/blogs', 'Read My Blogs'],
    ['/privacy', 'Privacy notice'],
    ['/no/such/page', '404 Page Not Found'],
  ] as const) {
    test(`${path} shows its page, the navbar and the footer`, async ({ page, expectProblems }) => {
      expectProblems(/response 404: .*\/no\/such\/page$/);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
      await expect(page.getByRole('link', { name: 'Mindful Path' }).first()).toHaveAttribute(
        'href',
        '/home',
      );
      await expect(page.getByRole('contentinfo')).toContainText('Opening hours');
    });
  }

  test('home shows the features, the assessment panel and the services from service.json', async ({
    page,
  }) => {
    await page.goto('/');
    for (const title of ['Personalized', 'Private', 'Professional']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Star with a basic Assesment' })).toBeVisible();
    const offers = page.getByRole('list').filter({ hasText: 'Online therapy for individuals' });
    await expect(offers.getByRole('listitem')).toHaveText([
      'Online therapy for individuals',
      'Online therapy for couples',
      'Online Coaching',
    ]);
    await expect(page.getByRole('heading', { name: 'Services', exact: true })).toBeVisible();
    const cards = page.locator('.services-grid > li');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText('Individual Therapy');
    await expect(cards.first()).toContainText('Appointment: 4 per month.');
    await expect(cards.first()).toContainText('Price: £240/mo');
    await expect(cards.first().locator('img')).toHaveAttribute(
      'src',
      '/images/services/individual.webp',
    );

    // Get Started books the free call (checkout-journey.spec.ts); the plans are one link away.
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/checkout?service=1000',
    );
    await page.getByRole('link', { name: 'See the services and prices' }).click();
    await expect(page).toHaveURL(/#services$/);
  });

  test('Book Now goes to the checkout for that service (the gate sends a visitor to log in)', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Book Now: Couples Counselling' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  });

  test('about and blog pages have their content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('img', { name: /Portrait of/ })).toBeVisible();
    await expect(page.getByText(/full-stack developer/)).toBeVisible();
    // Her registration, as a client checks it on the register.
    await expect(page.getByRole('main')).toContainText(
      'MBACP (Accred), British Association for Counselling and Psychotherapy, membership number 387204',
    );
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3 + 3); // 3 questions + footer's 3
    await expect(
      page.getByRole('heading', { name: /authentication and authorization/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /Why did I choose Firebase/ })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /other services does Firebase offer/ }),
    ).toBeVisible();
  });

  test('the footer has contact links, opening hours, degrees, the crisis note and 2022', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'hello@mindfulpath.example' })).toHaveAttribute(
      'href',
      'mailto:hello@mindfulpath.example',
    );
    await expect(footer.getByRole('link', { name: '0117 496 0321' })).toHaveAttribute(
      'href',
      'tel:+441174960321',
    );
    await expect(footer).toContainText('24 Queen Square, Bristol');
    const hours = footer.getByRole('table', { name: 'Opening hours' });
    await expect(hours.getByRole('row')).toHaveText([
      /Mon-Thu\s*8am-9pm/,
      /Fri-Sat\s*8am-1am/,
      /Sunday\s*9am-10pm/,
    ]);
    await expect(footer).toContainText('Counselling Psychologist and Psychotherapist');
    await expect(footer).toContainText('MBACP (Accred), British Association for Counselling');
    await expect(footer).toContainText('membership number 387204');
    await expect(footer).toContainText('B.Sc. (Hons) in Psychology');
    await expect(footer).toContainText('M.Sc. in Counselling Psychology');
    await expect(footer.getByRole('note')).toContainText('emergency');
    await expect(footer).toContainText('Copyright © 2022');
  });
});

test.describe('navbar', () => {
  test('marks the current page and underlines it in green', async ({ page }) => {
    await page.goto('/about');
    await ready(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('link', { name: 'About' });
    await expect(about).toHaveAttribute('aria-current', 'page');
    await expect(about).toHaveCSS('border-bottom-color', 'rgb(21, 115, 71)');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
  });

  test('is sticky and collapses behind a toggle at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/blogs');
    await ready(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const about = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' });
    await expect(toggle).toBeVisible();
    await expect(about).toBeHidden();
    await toggle.click();
    await expect(about).toBeVisible();
    await about.click();
    await expect(page).toHaveURL('/about');
    await expect(about).toBeHidden();
    await page.mouse.wheel(0, 1500);
    await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
    await expect
      .poll(() => page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().top))
      .toBe(0);
  });

  test('shows every link without a toggle at desktop width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await ready(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
    ).toBeVisible();
  });
});

test.describe('banner carousel', () => {
  const activeSlide = (page: import('@playwright/test').Page) =>
    page.locator('.carousel-item.active').getAttribute('aria-label');

  /** Hydrated and service.json answered, so the fake clock cannot run past the list's timeout. */
  const settled = async (page: import('@playwright/test').Page) => {
    await ready(page);
    await expect(page.locator('.services-grid > li')).toHaveCount(6);
  };

  test('advances every 5 seconds, wraps, and has no indicators', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await expect(page.locator('.carousel-indicators')).toHaveCount(0);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
    await page.clock.runFor(4000);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
    await page.clock.runFor(1700);
    await expect.poll(() => activeSlide(page)).toMatch(/^2 of 3/);
    await page.clock.runFor(5700);
    await expect.poll(() => activeSlide(page)).toMatch(/^3 of 3/);
    await page.clock.runFor(5700);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
  });

  test('pauses while the pointer is over it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await page.locator('.carousel').hover();
    await page.clock.runFor(12_000);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
    await page.mouse.move(5, 700);
    await page.clock.runFor(5700);
    await expect.poll(() => activeSlide(page)).toMatch(/^2 of 3/);
  });

  test('moves with the keyboard and its pause button stops it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => activeSlide(page)).toMatch(/^2 of 3/);
    await page.getByRole('button', { name: 'Previous slide' }).press('Enter');
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
    await page.locator('.carousel').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => activeSlide(page)).toMatch(/^3 of 3/); // wraps backwards
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(5, 700);
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.clock.runFor(15_000);
    await expect.poll(() => activeSlide(page)).toMatch(/^3 of 3/);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.clock.runFor(5700);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
  });

  test('swipes with touch past 40 px', async ({ newContext }) => {
    const context = await newContext({
      hasTouch: true,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await ready(page);
    const box = (await page.locator('.carousel').boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: from, y }],
      });
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: (from + to) / 2, y }],
      });
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: to, y }],
      });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(box.x + 250, box.x + 220); // 30 px: below the threshold
    await page.waitForTimeout(700);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
    await swipe(box.x + 300, box.x + 100); // leftwards: next slide
    await expect.poll(() => activeSlide(page)).toMatch(/^2 of 3/);
  });

  test('does not advance when the visitor prefers reduced motion', async ({ newContext }) => {
    const context = await newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(16_000);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
  });

  test('stops advancing while it holds keyboard focus', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.clock.runFor(16_000);
    await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
  });
});

test('every picture is local, sized and described; only the first banner loads eagerly', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  await ready(page);
  await expect(page.locator('.services-grid > li')).toHaveCount(6);
  const images = await page.locator('main img').evaluateAll((nodes) =>
    nodes.map((node) => {
      const img = node as HTMLImageElement;
      return {
        src: img.getAttribute('src') ?? '',
        alt: img.getAttribute('alt'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        priority: img.getAttribute('fetchpriority'),
      };
    }),
  );
  expect(images.length).toBe(3 + 6);
  for (const image of images) {
    expect(image.src).toMatch(/^\/images\//);
    expect(image.alt?.length).toBeGreaterThan(3);
    expect(Number(image.width)).toBeGreaterThan(0);
    expect(Number(image.height)).toBeGreaterThan(0);
  }
  expect(images[0]).toMatchObject({ loading: 'eager', priority: 'high' });
  expect(images.slice(1).every((image) => image.loading === 'lazy')).toBe(true);
  expect(requests.filter((url) => !url.startsWith(`${E2E.siteOrigin}/`))).toEqual([]);
});
