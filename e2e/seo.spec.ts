import type { APIRequestContext, Page } from '@playwright/test';
import { DAYS_OF_WEEK } from '../shared/time';
import { expect, test } from './support/fixtures';
import { E2E } from './support/ports';
import { canonicalPathOf, INDEXABLE_PATHS, NOINDEX_PATHS, ROUTES } from './support/routes';

/** Each page once, at its canonical address; `ROUTES` adds the second paths (`/home`). */
const PAGES = [...INDEXABLE_PATHS, ...NOINDEX_PATHS];

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string | null>;
  twitterCard: string | null;
  jsonLd: Record<string, unknown>[];
}

/** The HTML a crawler receives for `path`, before any script runs. */
async function rawHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  return response.text();
}

/** Reads the head of raw HTML with the browser's own parser (nothing is loaded or run). */
async function readHead(page: Page, html: string): Promise<Head> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const meta = (selector: string) =>
      doc.head.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? null;
    return {
      title: doc.title,
      description: meta('name="description"'),
      canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: meta('name="robots"'),
      og: Object.fromEntries(
        ['og:title', 'og:description', 'og:image'].map((property) => [
          property,
          meta(`property="${property}"`),
        ]),
      ),
      twitterCard: meta('name="twitter:card"'),
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>,
      ),
    };
  }, html);
}

const headOf = async (page: Page, request: APIRequestContext, path: string) =>
  readHead(page, await rawHtml(request, path));

const canonicalFor = (path: string) => `${E2E.siteOrigin}${canonicalPathOf(path)}`;

test.describe('each route’s head', () => {
  test('every route has its own, distinct <title>', async ({ page, request }) => {
    const titles = new Map<string, string>();
    for (const path of PAGES) {
      const head = await headOf(page, request, path);
      expect(head.title, `${path} <title>`).not.toBe('');
      titles.set(path, head.title);
    }
    expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles))).toBe(
      PAGES.length,
    );
  });

  for (const path of ROUTES) {
    const noindex = NOINDEX_PATHS.includes(canonicalPathOf(path));
    test(`${path}: description, canonical, sharing tags${noindex ? ', noindex' : ''}`, async ({
      page,
      request,
    }) => {
      const head = await headOf(page, request, path);
      expect(head.description, 'meta description').toBeTruthy();
      expect(head.canonical, 'canonical link').toBe(canonicalFor(path));
      expect(head.og['og:title'], 'og:title').toBeTruthy();
      expect(head.og['og:description'], 'og:description').toBeTruthy();
      expect(head.twitterCard, 'twitter:card').toBeTruthy();
      if (noindex) expect(head.robots, 'robots meta').toBe('noindex');
      else expect(head.robots ?? '', 'robots meta').not.toMatch(/noindex/);
      const image = head.og['og:image'];
      expect(image, 'og:image').toMatch(/^https?:\/\//);
      const served = await request.get(new URL(image!).pathname);
      expect(served.status(), `GET ${image}`).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
    });
  }
});

/** "8am" → "08:00", "9pm" → "21:00", "12am" → "00:00", "8:30pm" → "20:30". */
function to24Hour(time: string): string {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/i.exec(time.trim());
  if (!match) throw new Error(`unreadable time "${time}"`);
  const [, hours, minutes = '00', half] = match;
  const hour = (Number(hours) % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

/** "Mon-Thu" → Monday..Thursday; "Sunday" → Sunday (schema.org day names). */
function toSchemaDays(label: string): string[] {
  const day = (text: string) => {
    const found = DAYS_OF_WEEK.find((name) =>
      name.toLowerCase().startsWith(text.trim().toLowerCase().slice(0, 3)),
    );
    if (!found) throw new Error(`unreadable day "${text}"`);
    return DAYS_OF_WEEK.indexOf(found);
  };
  const [from, to = from] = label.split(/\s*[-–]\s*/);
  const days: string[] = [];
  for (let index = day(from!); ; index = (index + 1) % 7) {
    days.push(DAYS_OF_WEEK[index]!);
    if (index === day(to!)) return days;
  }
}

interface HoursSpec {
  dayOfWeek: string | string[];
  opens: string;
  closes: string;
}

test.describe('structured data', () => {
  test('/ describes the practice as a Psychologist, with the footer’s opening hours', async ({
    page,
    request,
  }) => {
    const { jsonLd } = await headOf(page, request, '/');
    const practice = jsonLd.find((data) => data['@type'] === 'Psychologist');
    expect(practice, 'a Psychologist JSON-LD block').toBeTruthy();
    expect(practice!['@context']).toMatch(/^https?:\/\/schema\.org\/?$/);
    expect(practice!.name).toBe('Mindful Path Counselling');
    expect(practice!.telephone).toBeTruthy();
    expect(practice!.email).toBeTruthy();
    const address = practice!.address as Record<string, string>;
    expect(address['@type']).toBe('PostalAddress');
    expect(address.streetAddress).toBeTruthy();
    expect(address.addressLocality).toBeTruthy();

    // One "Day HH:MM-HH:MM" line per day, from the JSON-LD and from the footer as shown.
    const fromJsonLd = (practice!.openingHoursSpecification as HoursSpec[]).flatMap((spec) =>
      [spec.dayOfWeek]
        .flat()
        .map(
          (day) => `${day.replace(/^https?:\/\/schema\.org\//, '')} ${spec.opens}-${spec.closes}`,
        ),
    );

    await page.goto('/');
    const rows = page
      .getByRole('contentinfo')
      .getByRole('table', { name: 'Opening hours' })
      .getByRole('row');
    await expect(rows).toHaveCount(3);
    const fromFooter: string[] = [];
    for (const row of await rows.all()) {
      const days = (await row.getByRole('rowheader').textContent())!;
      const [opens, closes] = (await row.getByRole('cell').textContent())!.split(/\s*[-–]\s*/);
      for (const day of toSchemaDays(days)) {
        fromFooter.push(`${day} ${to24Hour(opens!)}-${to24Hour(closes!)}`);
      }
    }

    expect(fromFooter).toHaveLength(7);
    for (const line of fromFooter)
      expect(fromJsonLd, 'footer hours in the JSON-LD').toContain(line);
    for (const line of fromJsonLd)
      expect(fromFooter, 'JSON-LD hours in the footer').toContain(line);
    expect(fromJsonLd).toHaveLength(fromFooter.length);
  });

  test('/blogs is an FAQPage whose questions are the page’s question headings', async ({
    page,
    request,
  }) => {
    const { jsonLd } = await headOf(page, request, '/blogs');
    const faq = jsonLd.find((data) => data['@type'] === 'FAQPage');
    expect(faq, 'an FAQPage JSON-LD block').toBeTruthy();
    const entries = faq!.mainEntity as {
      '@type': string;
      name: string;
      acceptedAnswer: { '@type': string; text: string };
    }[];
    for (const entry of entries) {
      expect(entry['@type']).toBe('Question');
      expect(entry.acceptedAnswer['@type']).toBe('Answer');
      expect(entry.acceptedAnswer.text).toBeTruthy();
    }

    await page.goto('/blogs');
    const questions = await page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(questions).toHaveLength(3);
    expect(entries.map((entry) => entry.name)).toEqual(questions);
  });
});

test.describe('robots.txt and sitemap.xml', () => {
  test('robots.txt names the sitemap and lets crawlers read every page, noindex ones included', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const lines = (await response.text()).split(/\r?\n/).map((line) => line.trim());
    expect(lines).toContain(`Sitemap: ${E2E.siteOrigin}/sitemap.xml`);
    // A crawler kept out by robots.txt never sees the page's noindex, and may still list its URL.
    const disallowed = lines
      .filter((line) => /^disallow:/i.test(line))
      .map((line) => line.replace(/^disallow:\s*/i, ''))
      .filter(Boolean);
    expect(disallowed).toEqual([]);
    expect(lines.map((line) => line.toLowerCase())).toContain('user-agent: *');
  });

  test('sitemap.xml is valid XML listing exactly the indexable routes', async ({
    page,
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const parsed = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          root: doc.documentElement.localName,
          namespace: doc.documentElement.namespaceURI,
          locations: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent?.trim()),
        };
      },
      await response.text(),
    );
    expect(parsed.error, 'XML parse error').toBeNull();
    expect(parsed.root).toBe('urlset');
    expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect([...parsed.locations].sort()).toEqual(INDEXABLE_PATHS.map(canonicalFor).sort());
    for (const path of NOINDEX_PATHS) expect(parsed.locations).not.toContain(canonicalFor(path));
  });
});
