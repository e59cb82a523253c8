// `npm run bench [-- --runs N]`: a benchmark run by hand, never by the tests. Builds the site for
// the preview stack's Auth emulator into bench-results/site (dist/ is left alone), serves it beside
// the reference "limit" page (bench/reference/limit: the home page as one static HTML file), and
// measures both with Lighthouse 12, mobile and desktop, interleaved so that the noise of this shared
// machine hits both alike. Prints a markdown table per route (medians), the goals with ✓/✗ and what
// Lighthouse found; writes the JSON reports and summary.md to bench-results/<timestamp>/.
// Then throttled Chromium: first paint, hydration and a first tap per page (bench/hydration.ts);
// with `-- --signed-in`, the signed-in pages signed in (bench/signed-in.ts), and the sites served
// with /api forwarded to the bench stack's function (bench/serve-api.ts in front of serve.mjs).
// The jobs live in scripts/bench/: processes (servers, ports), lighthouse (install, one run),
// figures (what a report says), summary (the markdown), hydration (throttled Chromium).
import fs from 'node:fs';
import path from 'node:path';
import {
  figures,
  findings,
  jsBudget,
  median,
  medians,
  type FailingAudit,
  type Figures,
  type Findings,
} from './bench/figures.ts';
import { seconds, ms } from './bench/format.ts';
import { chunkReportFile } from './bench/chunk-packages.ts';
import { measureHydration } from './bench/hydration.ts';
import { firstLoadMarkdown, hydrationMarkdown, readChunkReport } from './bench/hydration-tables.ts';
import { floorPathIn } from './bench/floor.ts';
import {
  chromePath,
  ensureLighthouse,
  FORM_FACTORS,
  lighthouse,
  type FormFactor,
  type LhReport,
} from './bench/lighthouse.ts';
import { compareOption, option, runsOption } from './bench/options.ts';
import {
  freePorts,
  limitDir,
  root,
  run,
  serve,
  staticServer as serveScript,
  stopChildren,
  stopChildrenAndWait,
} from './bench/processes.ts';
import { assertPreviewBuild, startSignedIn, type SignedInSetup } from './bench/signed-in.ts';
import { GOALS, summaryMarkdown, type PageResult } from './bench/summary.ts';
import { routeTable, type RouteEntry } from '../src/config/routes.ts';

// One address per prerendered page, from the route table (the not-found page aside).
const ALL_ROUTES = Object.values(routeTable as Record<string, RouteEntry>)
  .filter((entry) => entry.prerender && entry.path !== '*')
  .map((entry) => entry.canonicalPath ?? entry.path);

/**
 * The pages `--routes /,/login` names, with the pages the goals read always among them (the home
 * page's scripts and largest paint, the first-paint ratios' pages), in the route table's order.
 */
function routesOption(): string[] {
  const named = option('--routes')?.split(',');
  if (!named) return ALL_ROUTES;
  const unknown = named.find((route) => !ALL_ROUTES.includes(route));
  if (unknown) throw new Error(`${unknown} is not a prerendered page: ${ALL_ROUTES.join(', ')}`);
  const measured = new Set(['/', ...GOALS.paintRatioRoutes, ...named]);
  return ALL_ROUTES.filter((route) => measured.has(route));
}

const resultsDir = path.join(root, 'bench-results');
const defaultSiteDir = path.join(resultsDir, 'site');

interface Target {
  key: 'site' | 'limit';
  /** A compared build's name (--compare); none for the site this run builds. */
  build?: string;
  route: string;
  origin: string;
  dir: string;
  name: string;
  runs: Record<FormFactor, Figures[]>;
  firstFindings: Partial<Record<FormFactor, Findings>>;
  failing: Map<string, FailingAudit & { where: FormFactor[] }>;
}

async function main() {
  const routes = routesOption();
  const runs = runsOption(3);
  if (!fs.existsSync(path.join(limitDir, 'index.html'))) {
    throw new Error(`The reference page is missing: ${limitDir}/index.html.`);
  }
  if (!fs.existsSync(serveScript)) throw new Error(`The static server is missing: ${serveScript}`);
  if (!fs.existsSync(chromePath)) throw new Error(`No Chrome at ${chromePath} (set CHROME_PATH).`);
  const lighthouseRelease = await ensureLighthouse();

  const compare = compareOption();
  const givenSite = option('--site'); // an existing build instead of building one
  const siteDir = givenSite ? path.resolve(givenSite) : defaultSiteDir;
  if (givenSite && !fs.existsSync(path.join(siteDir, 'index.html')))
    throw new Error(`No built site in ${siteDir}`);
  if (!givenSite) {
    console.error('Building the site (preview stack) into bench-results/site…');
    const binPath = `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`;
    await run(
      process.execPath,
      ['scripts/build.ts', '--mode', 'preview', '--out-dir', path.relative(root, siteDir)],
      {
        env: {
          ...process.env,
          PATH: binPath,
          CHUNK_PACKAGES_FILE: chunkReportFile(siteDir),
          BENCH_FLOOR_PAGE: '1',
        },
      },
    );
  }

  let signedIn: SignedInSetup | undefined;
  if (process.argv.includes('--signed-in')) {
    for (const dir of [siteDir, ...compare.map(({ dir }) => dir)]) assertPreviewBuild(dir);
    signedIn = await startSignedIn(siteDir, (line) => console.error(line));
  }
  const api = signedIn?.api;
  const [sitePort, limitPort, ...comparePorts] = await freePorts(2 + compare.length);
  const compared = await Promise.all(
    compare.map(async ({ name, dir }, index) => ({
      name,
      dir,
      origin: await serve(serveScript, dir, comparePorts[index]!, { api }),
    })),
  );
  // Signed in, the site is the one the bench stack serves, where her passkey step runs.
  const siteOrigin = signedIn?.siteOrigin ?? (await serve(serveScript, siteDir, sitePort!));
  const limitOrigin = await serve(serveScript, limitDir, limitPort!);
  const startedAt = new Date().toISOString();
  const outDir = path.join(resultsDir, startedAt.replace(/[:.]/g, '-').slice(0, 19));
  fs.mkdirSync(outDir, { recursive: true });

  const slug = (route: string) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '-'));
  const target = (
    key: Target['key'],
    route: string,
    origin: string,
    dir: string,
    build?: string,
  ): Target => ({
    key,
    ...(build ? { build } : {}),
    route,
    origin,
    dir,
    name: `${build ?? key}-${slug(route)}`,
    runs: { mobile: [], desktop: [] },
    firstFindings: {},
    failing: new Map(),
  });
  const targets = [
    target('limit', '/', limitOrigin, limitDir),
    ...routes.flatMap((route) => [
      target('site', route, siteOrigin, siteDir),
      ...compared.map(({ name, dir, origin }) => target('site', route, origin, dir, name)),
    ]),
  ];

  // Interleaved: run 1 of every page and form factor, then run 2…, limit page first each time.
  const total = runs * FORM_FACTORS.length * targets.length;
  let done = 0;
  let anyReport: LhReport | undefined;
  for (let round = 1; round <= runs; round++) {
    for (const formFactor of FORM_FACTORS) {
      for (const t of targets) {
        const file = path.join(outDir, `${t.name}-${formFactor}-${round}.json`);
        const report = await lighthouse(`${t.origin}${t.route}`, formFactor, file);
        anyReport ??= report;
        const row = figures(report, t.dir);
        t.runs[formFactor].push(row);
        const found = findings(report);
        if (round === 1) t.firstFindings[formFactor] = found;
        for (const audit of found.failing) {
          const entry = t.failing.get(audit.id) ?? { ...audit, where: [] };
          if (!entry.where.includes(formFactor)) entry.where.push(formFactor);
          t.failing.set(audit.id, entry);
        }
        console.error(
          `[${++done}/${total}] ${t.build ?? t.key} ${t.route} ${formFactor} run ${round}: perf ${row.perf}, ` +
            `LCP ${seconds(row.lcp)}, TBT ${ms(row.tbt)}, CLS ${row.cls.toFixed(3)}`,
        );
      }
    }
  }

  const results: PageResult[] = targets.map((t) => ({
    key: t.key,
    ...(t.build ? { build: t.build } : {}),
    route: t.route,
    mobile: { runs: t.runs.mobile, median: medians(t.runs.mobile) },
    desktop: { runs: t.runs.desktop, median: medians(t.runs.desktop) },
    findings: { mobile: t.firstFindings.mobile!, desktop: t.firstFindings.desktop! },
    failing: [...t.failing.values()],
  }));
  const meta = {
    date: startedAt,
    lighthouse: anyReport?.lighthouseVersion ?? lighthouseRelease ?? '12',
    chrome: anyReport?.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chrome',
    benchmarkIndex: median(
      targets.flatMap((t) => FORM_FACTORS.flatMap((ff) => t.runs[ff].map((r) => r.benchmarkIndex))),
    ),
  };
  const [limit, ...measured] = results;
  const pages = measured.filter((page) => !page.build);
  const comparedPages = measured.filter((page) => page.build);
  const home = pages.find((page) => page.route === '/');
  const budget = jsBudget(siteDir, home?.mobile.runs[0]?.jsFiles ?? []);
  const hydrationRuns = Math.max(runs, 5); // medians of at least 5
  const hydration = await measureHydration({
    siteOrigin,
    limitOrigin,
    floorPath: floorPathIn(siteDir),
    routes,
    compare: compared,
    runs: hydrationRuns,
    chromePath,
    log: (line) => console.error(line),
    ...(signedIn && { signedIn }),
  });
  const summary = [
    summaryMarkdown({ pages, compared: comparedPages, limit: limit!, budget, runs, siteDir, meta }),
    hydrationMarkdown(hydration, hydrationRuns),
    firstLoadMarkdown(
      hydration.filter((page) => !page.build),
      siteDir,
      readChunkReport(siteDir),
    ),
    ...compared.map(({ name, dir }) =>
      firstLoadMarkdown(
        hydration.filter((page) => page.build === name),
        dir,
        readChunkReport(dir),
      ).replace('## First-load JS per page', `## ${name}: first-load JS per page`),
    ),
  ].join('\n\n');
  fs.writeFileSync(path.join(outDir, 'summary.md'), `${summary}\n`);
  const json = results.map(({ key, build, route, mobile, desktop, failing }) => ({
    key,
    build,
    route,
    mobile,
    desktop,
    failing,
  }));
  fs.writeFileSync(
    path.join(outDir, 'summary.json'),
    JSON.stringify({ meta, budget, pages: json, hydration }, null, 2),
  );
  console.log(summary);
  console.log(`\nReports and summary.md: ${path.relative(process.cwd(), outDir) || '.'}/`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopChildren();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
try {
  await main();
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await stopChildrenAndWait();
}
