// The hydration bench's tables (hydration.ts measures): each page's hydration beside React's own
// floor (floor.ts) and its goal, the signed-in pages' content shown, and first-load JS by package.
// Free of the browser and the servers, so that the unit tests hold them (floor.test.ts).
import fs from 'node:fs';
import { routeTable, type RouteEntry } from '../../src/config/routes.ts';
import { byGroup, chunkReportFile, GROUP_NAMES, type ChunkPackages } from './chunk-packages.ts';
import { FLOOR_GOALS, floorMark, signedOutGoal, timesFloor } from './floor.ts';
import type { Seed } from './seed.ts';
import { gatedRoutes, SIGNED_IN_PAGES, type Role } from './signed-in.ts';

/** DevTools' own units: kbit = 1024 bit. */
export const THROTTLING = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};
export const GOALS = { tapDelayMs: 100, tapHandledMs: 300 };

/** Every page a visitor can open by its address: the route table's prerendered pages. */
export const publicRoutes: string[] = Object.values(routeTable)
  .filter((entry: RouteEntry) => entry.prerender && entry.path !== '*')
  .map((entry: RouteEntry) => entry.canonicalPath ?? entry.path);

export interface Run {
  fcp: number;
  /** The largest paint (the main picture), as the browser reports it: real, not simulated. */
  lcp: number;
  hydrated: number;
  /** When the tap landed, after the first paint. */
  tapAfterFcp: number;
  /** From the tap until the menu was on screen. */
  tapHandled: number;
  /** A signed-in page: when its h1 and its own signed-in content were on screen. */
  contentShown: number;
}

export interface PageFigures {
  label: string;
  /** The route measured (the floor's: its own page, FLOOR_PATH). */
  route: string;
  /** React's own floor (floor.ts): every page's hydration is reported as a ratio to it. */
  floor?: boolean;
  hasApp: boolean;
  runs: Run[];
  median: Run;
  /** The scripts of our origin fetched before the page was hydrated (first run), as site paths. */
  scripts: string[];
  /** A compared build's name (--compare); the goals are the measured site's alone. */
  build?: string;
  /** Measured signed in (--signed-in): as whom, and what "content shown" waited for. */
  signedIn?: { as: Role; shows: string };
}

/** One page of one build the bench visits in each round. */
export interface BenchTarget {
  label: string;
  route: string;
  url: string;
  /** The served build's origin (the limit page's and the floor's: theirs). */
  origin: string;
  hasApp: boolean;
  floor?: boolean;
  build?: string;
  signedIn?: { as: Role; shows: string };
}

/**
 * What one round visits, in order: the limit page, React's floor, then each route on each build
 * (the measured one, then each compared one), interleaved. With `signedIn` (--signed-in) a page of
 * SIGNED_IN_PAGES opens signed in, at its own address (a client's record at the seeded client's).
 */
export function benchTargets(options: {
  siteOrigin: string;
  limitOrigin?: string;
  floorPath?: string;
  routes: string[];
  compare?: { name: string; origin: string }[];
  signedIn?: Seed;
}): BenchTarget[] {
  const { siteOrigin, limitOrigin, floorPath, routes, signedIn } = options;
  const builds = [
    { name: undefined, origin: siteOrigin },
    ...(options.compare ?? []).map(({ name, origin }) => ({ name, origin })),
  ];
  const limit: BenchTarget[] = limitOrigin
    ? [{ label: 'limit /', route: '/', url: `${limitOrigin}/`, origin: limitOrigin, hasApp: false }]
    : [];
  const floor: BenchTarget[] = floorPath
    ? [
        {
          label: 'floor (React alone)',
          route: floorPath,
          url: `${siteOrigin}${floorPath}`,
          origin: siteOrigin,
          hasApp: true,
          floor: true,
        },
      ]
    : [];
  const pages = routes.flatMap((route) =>
    builds.map(({ name, origin }): BenchTarget => {
      const page = signedIn ? SIGNED_IN_PAGES[route] : undefined;
      return {
        label: name ? `${name} ${route}` : route,
        route,
        url: `${origin}${page?.at && signedIn ? page.at(signedIn) : route}`,
        origin,
        hasApp: true,
        ...(name && { build: name }),
        ...(page && { signedIn: { as: page.as, shows: page.shows } }),
      };
    }),
  );
  return [...limit, ...floor, ...pages];
}

export const TAP_TIMEOUT_MS = 5_000; // a tap unanswered this long counts as dead

export const ms = (value: number) =>
  value === Infinity
    ? `none in ${TAP_TIMEOUT_MS / 1000} s`
    : Number.isFinite(value)
      ? `${Math.round(value)} ms`
      : 'n/a';
const mark = (pass: boolean) => (pass ? '✓' : '✗');

/** The floor's median hydration in this run (NaN when it was not measured). */
export const floorOf = (pages: PageFigures[]): number =>
  pages.find((page) => page.floor)?.median.hydrated ?? NaN;

/**
 * The table and goals, in markdown, for `npm run bench`'s summary. Each page's hydration is also
 * a ratio to the floor measured in the same run (× floor), against its goal (floor.ts).
 */
export function hydrationMarkdown(
  pages: PageFigures[],
  runs: number,
  gated: ReadonlySet<string> = new Set(gatedRoutes()),
): string {
  const t = THROTTLING;
  const floor = floorOf(pages);
  const lines = [
    `## Throttled Chromium: first paint, hydration, first tap (medians of ${runs})`,
    '',
    `DevTools throttling: ${t.latencyMs} ms RTT, ${((t.downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ` +
      `${t.cpuSlowdown}× CPU; 412×823 touch screen; cold cache. Times from navigation start; ` +
      `the tap lands on Menu ${GOALS.tapDelayMs} ms after the first paint (in separate visits). ` +
      "× floor: the page's hydration ÷ the floor's (React alone hydrating an empty island on " +
      "/blogs' first paint), measured in this run.",
    '',
    '| page | FCP | LCP | hydrated | × floor | goal | tap at | menu open after the tap | open ≤ 300 ms |',
    '|---|--:|--:|--:|--:|:-:|--:|--:|:-:|',
  ];
  const signedIn = pages.filter((page) => page.signedIn);
  for (const page of pages.filter((each) => !each.signedIn)) {
    const m = page.median;
    const goal = signedOutGoal(page.route, gated);
    const goalCell = goal
      ? `≤ ${goal.toFixed(2)}× ${floorMark(m.hydrated, floor, goal)}`
      : page.floor
        ? 'the floor'
        : '—';
    const tap = page.floor
      ? '| | | |'
      : `| FCP + ${ms(m.tapAfterFcp)} | ${ms(m.tapHandled)} | ${mark(m.tapHandled <= GOALS.tapHandledMs)} |`;
    lines.push(
      page.hasApp
        ? `| ${page.label} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.hydrated)} | ${timesFloor(m.hydrated, floor)} | ${goalCell} ${tap}`
        : `| ${page.label} | ${ms(m.fcp)} | ${ms(m.lcp)} | no JS | | | | | |`,
    );
  }
  const site = pages.filter((page) => page.hasApp && !page.build && !page.signedIn && !page.floor);
  const withGoal = (goal: number) =>
    site.filter((page) => signedOutGoal(page.route, gated) === goal);
  const goalLine = (goal: number, what: string) => {
    const measured = withGoal(goal);
    const each = measured
      .map((page) => `${page.route} ${timesFloor(page.median.hydrated, floor)}`)
      .join(' · ');
    const ok = measured.every((page) => page.median.hydrated / floor <= goal);
    if (!measured.length)
      return `- ${what} hydrated ≤ ${goal.toFixed(2)}× the floor: none measured`;
    return `- ${mark(ok && Number.isFinite(floor))} ${what} hydrated ≤ ${goal.toFixed(2)}× the floor: ${each}`;
  };
  lines.push(
    '',
    Number.isFinite(floor)
      ? `- the floor: ${ms(floor)} hydrated`
      : '- ✗ the floor was not measured: no ratios',
    goalLine(FLOOR_GOALS.content, 'pages of content'),
    goalLine(FLOOR_GOALS.signedOutApp, 'pages of the app, signed out,'),
    `- ${mark(site.every((p) => p.median.tapHandled <= GOALS.tapHandledMs))} a Menu tap ${GOALS.tapDelayMs} ms after the first paint opens the menu within ${GOALS.tapHandledMs} ms`,
  );
  if (signedIn.length > 0) lines.push('', signedInMarkdown(signedIn, runs, floor));
  return lines.join('\n');
}

/** The signed-in pages' table (--signed-in), with the goal on "content shown" × the floor. */
function signedInMarkdown(pages: PageFigures[], runs: number, floor: number): string {
  const goal = FLOOR_GOALS.signedInContent;
  const lines = [
    `## Signed in: first paint, hydration, content shown (medians of ${runs})`,
    '',
    'The same throttling, each run a fresh context (cold cache) from the storage state of one ' +
      'sign-in, IndexedDB included. The client is verified and has one session request; the ' +
      "practitioner sees it waiting in her diary. Content shown: the page's h1 and its own " +
      "signed-in content (the selector) on screen; × floor: that time ÷ the floor's hydration.",
    '',
    `| page | as | FCP | hydrated | content shown | × floor | content ≤ ${goal.toFixed(2)}× floor | content |`,
    '|---|---|--:|--:|--:|--:|:-:|---|',
  ];
  for (const page of pages) {
    const m = page.median;
    lines.push(
      `| ${page.label} | ${page.signedIn?.as ?? ''} | ${ms(m.fcp)} | ${ms(m.hydrated)} | ` +
        `${ms(m.contentShown)} | ${timesFloor(m.contentShown, floor)} | ${floorMark(m.contentShown, floor, goal)} | ` +
        `\`${page.signedIn?.shows ?? ''}\` |`,
    );
  }
  const site = pages.filter((page) => !page.build);
  lines.push(
    '',
    `- ${mark(Number.isFinite(floor) && site.every((p) => p.median.contentShown / floor <= goal))} ` +
      `content shown ≤ ${goal.toFixed(2)}× the floor on every signed-in page, signed in`,
  );
  return lines.join('\n');
}

const kB = (bytes: number) =>
  bytes >= 50 ? `${(bytes / 1000).toFixed(1)}` : bytes > 0 ? '<0.1' : '';

/**
 * First-load JS per page: what our origin served before the page was hydrated (level-9 gzip),
 * shared among the packages by their minified length in each chunk (chunk-packages.ts).
 */
export function firstLoadMarkdown(pages: PageFigures[], siteDir: string, report: ChunkPackages) {
  const rows = pages
    .filter((page) => page.hasApp)
    .map((page) => ({ page, ...byGroup(siteDir, report, page.scripts) }));
  // The table's groups first, in their order, then any other a report names (an older build's).
  const named = [...new Set([...GROUP_NAMES, ...rows.flatMap((row) => Object.keys(row.groups))])];
  const shown = named.filter((group) => rows.some((row) => (row.groups[group] ?? 0) >= 50));
  const lines = [
    '## First-load JS per page, by package (kB gz)',
    '',
    'Scripts fetched from our origin until the page was hydrated, signed out, first run (with ' +
      '--signed-in, the signed-in pages until their content was shown, signed in); a ' +
      "chunk's gzip bytes are shared among its packages by their minified length.",
    '',
    `| page | total | files | ${shown.join(' | ')} |`,
    `|---|--:|--:|${shown.map(() => '--:').join('|')}|`,
  ];
  for (const row of rows)
    lines.push(
      `| ${row.page.label} | ${kB(row.total)} | ${row.page.scripts.length} | ` +
        `${shown.map((group) => kB(row.groups[group] ?? 0)).join(' | ')} |`,
    );
  return lines.join('\n');
}

/** The chunk report the bench's build wrote beside the site folder, if any. */
export function readChunkReport(siteDir: string): ChunkPackages {
  const file = chunkReportFile(siteDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ChunkPackages) : {};
}
