// `node scripts/bench/hydration.ts [--runs 5] [--site DIR] [--routes /,/about]
// [--compare NAME=DIR,…] [--http2] [--signed-in] [--waterfall]`: how soon each public page is usable
// on a slow phone, in real Chromium with DevTools throttling (150 ms RTT, 1.6 Mbit/s down, 4× CPU).
// For every prerendered page (the route table) and the limit page it reports, as medians:
//   FCP · LCP (the browser's own, where Lighthouse's mobile run simulates it) · hydrated
//   (`html[data-ready]` set) · first tap handled (a tap on Menu 100 ms after the first paint,
//   until the menu is on screen).
// With --signed-in the pages behind the sign-in gate are measured signed in (signed-in.ts starts
// the bench stack, seeds a client and the practitioner, and signs them in): FCP · hydrated ·
// content shown (the page's h1 and its own signed-in content on screen).
// With --waterfall the first run of each page also lists its requests (start, first byte, end,
// bytes), to see what a page waits for.
// `npm run bench` runs it after Lighthouse, on the same build and servers. Without --site it builds
// the site for the preview stack into bench-results/site, as `npm run bench` does. A figure, never a test: the machine is shared, so quote medians and compare in one run.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chunkReportFile } from './chunk-packages.ts';
import { floorPathIn } from './floor.ts';
import {
  benchTargets,
  firstLoadMarkdown,
  hydrationMarkdown,
  ms,
  publicRoutes,
  readChunkReport,
  type PageFigures,
  type Run,
} from './hydration-tables.ts';
import { compareOption, option, runsOption } from './options.ts';
import {
  freePorts,
  limitDir,
  root,
  run,
  serve,
  staticServer as serveScript,
  stopChildren,
  stopChildrenAndWait,
} from './processes.ts';
import { assertPreviewBuild, Sessions, startSignedIn, type SignedInSetup } from './signed-in.ts';
import { CONTEXT, visit } from './visit.ts';

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = sorted.length >> 1;
  const at = (index: number) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** Measures every page `runs` times, interleaved so that the machine's noise hits all alike. */
export async function measureHydration(options: {
  siteOrigin: string;
  /** Other builds to measure in the same run, interleaved (an A/B): a name and an origin each. */
  compare?: { name: string; origin: string }[];
  limitOrigin?: string;
  routes?: string[];
  runs?: number;
  chromePath?: string;
  log?: (line: string) => void;
  /** --signed-in: the pages of SIGNED_IN_PAGES open signed in, on the bench stack. */
  signedIn?: SignedInSetup;
  /** --waterfall: log the first run's requests of each page. */
  waterfall?: boolean;
  /** The floor page's path on the site's origin (writeFloorPage), measured beside the pages. */
  floorPath?: string;
}): Promise<PageFigures[]> {
  const {
    siteOrigin,
    limitOrigin,
    routes = publicRoutes,
    runs = 5,
    log = () => undefined,
  } = options;
  const logRequests = (label: string, requests: string[]) => {
    if (options.waterfall)
      log([`${label}: start · first byte · end (ms) · bytes`, ...requests].join('\n  '));
  };
  const browser = await chromium.launch({
    executablePath: options.chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...(options.signedIn?.browserArgs ?? []),
    ],
  });
  const { signedIn } = options;
  const sessions = signedIn && new Sessions(browser, signedIn, CONTEXT);
  const targets = benchTargets({
    siteOrigin,
    limitOrigin,
    floorPath: options.floorPath,
    routes,
    compare: options.compare,
    signedIn,
  }).map((target) => ({ ...target, runs: [] as Run[], scripts: [] as string[] }));
  try {
    for (let round = 1; round <= runs; round++) {
      for (const target of targets) {
        if (target.signedIn && sessions) {
          const { as, shows } = target.signedIn;
          const storageState = await sessions.state(target.origin, as);
          const load = await visit(browser, target.url, {
            hasApp: true,
            signedIn: { storageState, shows, label: target.label },
          });
          const run: Run = {
            fcp: load.fcp,
            lcp: load.lcp,
            hydrated: load.hydrated,
            tapAfterFcp: NaN,
            tapHandled: NaN,
            contentShown: load.shown,
          };
          target.runs.push(run);
          if (round === 1) {
            target.scripts = load.scripts;
            logRequests(target.label, load.requests);
          }
          log(
            `[run ${round}/${runs}] ${target.label} (signed in as the ${as}): FCP ${ms(run.fcp)}, ` +
              `hydrated ${ms(run.hydrated)}, content shown ${ms(run.contentShown)}`,
          );
          continue;
        }
        const load = await visit(browser, target.url, { hasApp: target.hasApp });
        // The floor's Menu is plain markup: nothing of ours answers a tap there.
        const tapped =
          target.hasApp && !target.floor && load.menu
            ? await visit(browser, target.url, { hasApp: true, tapAt: load.menu })
            : undefined;
        const run: Run = {
          fcp: load.fcp,
          lcp: load.lcp,
          hydrated: load.hydrated,
          tapAfterFcp: tapped ? tapped.tap - tapped.fcp : NaN,
          tapHandled: tapped ? tapped.open - tapped.tap : NaN,
          contentShown: NaN,
        };
        target.runs.push(run);
        if (round === 1) {
          target.scripts = load.scripts;
          logRequests(target.label, load.requests);
        }
        log(
          `[run ${round}/${runs}] ${target.label}: FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, hydrated ${ms(run.hydrated)}, ` +
            `tap at FCP + ${ms(run.tapAfterFcp)}, menu open ${ms(run.tapHandled)} later`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return targets.map((t) => ({
    label: t.label,
    route: t.route,
    ...(t.floor ? { floor: true } : {}),
    ...(t.build ? { build: t.build } : {}),
    ...(t.signedIn ? { signedIn: t.signedIn } : {}),
    hasApp: t.hasApp,
    runs: t.runs,
    scripts: t.scripts,
    median: {
      fcp: median(t.runs.map((r) => r.fcp)),
      lcp: median(t.runs.map((r) => r.lcp)),
      hydrated: median(t.runs.map((r) => r.hydrated)),
      tapAfterFcp: median(t.runs.map((r) => r.tapAfterFcp)),
      tapHandled: median(t.runs.map((r) => r.tapHandled)),
      contentShown: median(t.runs.map((r) => r.contentShown)),
    },
  }));
}

async function main() {
  const runs = runsOption(5);
  const routes = option('--routes')?.split(',');
  const compare = compareOption();
  let site = option('--site');
  if (!site) {
    site = path.join(root, 'bench-results', 'site');
    console.error('Building the site (preview stack) into bench-results/site…');
    await run(
      process.execPath,
      ['scripts/build.ts', '--mode', 'preview', '--out-dir', path.relative(root, site)],
      {
        env: { ...process.env, CHUNK_PACKAGES_FILE: chunkReportFile(site), BENCH_FLOOR_PAGE: '1' },
      },
    );
  }
  if (!fs.existsSync(path.join(site, 'index.html'))) throw new Error(`No site in ${site}`);
  const http2 = process.argv.includes('--http2');
  let signedIn: SignedInSetup | undefined;
  if (process.argv.includes('--signed-in')) {
    for (const dir of [site, ...compare.map(({ dir }) => dir)]) assertPreviewBuild(dir);
    signedIn = await startSignedIn(path.resolve(site), (line) => console.error(line));
  }
  const api = signedIn?.api;
  const [sitePort, limitPort] = await freePorts(2);
  // Signed in over HTTP/1.1, the site is the one the bench stack serves (her passkey step's).
  const siteOrigin =
    signedIn && !http2
      ? signedIn.siteOrigin
      : await serve(serveScript, path.resolve(site), sitePort ?? 0, { http2, api });
  const limitOrigin = fs.existsSync(limitDir)
    ? await serve(serveScript, limitDir, limitPort ?? 0, { http2 })
    : undefined;
  const ports = await freePorts(compare.length);
  const compared = await Promise.all(
    compare.map(async ({ name, dir }, index) => ({
      name,
      dir,
      origin: await serve(serveScript, dir, ports[index] ?? 0, { http2, api }),
    })),
  );
  console.log(
    http2
      ? 'Served over HTTP/2 with TLS, one connection per origin, as Firebase Hosting serves the site.\n'
      : 'Served over HTTP/1.1 without TLS (the static server; at most six connections per origin).\n',
  );
  const floorPath = floorPathIn(site);
  const pages = await measureHydration({
    siteOrigin,
    limitOrigin,
    floorPath,
    compare: compared,
    ...(routes ? { routes } : {}),
    runs,
    log: (line) => console.error(line),
    ...(signedIn && { signedIn }),
    waterfall: process.argv.includes('--waterfall'),
  });
  console.log(hydrationMarkdown(pages, runs));
  const own = pages.filter(
    (page) => !compared.some(({ name }) => page.label.startsWith(`${name} `)),
  );
  console.log(`\n${firstLoadMarkdown(own, site, readChunkReport(site))}`);
  for (const { name, dir } of compared) {
    const theirs = pages.filter((page) => page.label.startsWith(`${name} `));
    console.log(`\n### ${name}\n\n${firstLoadMarkdown(theirs, dir, readChunkReport(dir))}`);
  }
}

if (import.meta.filename === process.argv[1]) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopChildren();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(`bench/hydration: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await stopChildrenAndWait();
  }
}
