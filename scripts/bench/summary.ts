// The markdown summary: the side-by-side table per route (site beside the limit page), the
// goals with ✓/✗, the home page's JS budget and what Lighthouse found.
import path from 'node:path';
import { routeTable, type RouteEntry } from '../../src/config/routes.ts';
import type { Budget, FailingAudit, Figures, Findings, Medians } from './figures.ts';
import { kB, mark, ms, seconds } from './format.ts';
import { FORM_FACTORS, type FormFactor } from './lighthouse.ts';

export const GOALS = {
  perf: 100,
  perfEachRun: 98,
  tbt: 50,
  lcpRatio: 1.15,
  /** FCP and LCP on the pages nearest the limit page (issue 20), named by the route table. */
  paintRatio: 1.05,
  paintRatioRoutes: ([routeTable.home, routeTable.about, routeTable.blogs] as RouteEntry[]).map(
    (page) => page.canonicalPath ?? page.path,
  ),
  js: 111.6,
  jsAuth: 150,
  css: 15,
};

export interface FormFactorResult {
  runs: Figures[];
  median: Medians;
}

export interface PageResult {
  key: 'site' | 'limit';
  /** A compared build's name (`npm run bench -- --compare NAME=DIR`). */
  build?: string;
  route: string;
  mobile: FormFactorResult;
  desktop: FormFactorResult;
  findings: Record<FormFactor, Findings>;
  failing: (FailingAudit & { where: FormFactor[] })[];
}

export interface SummaryInput {
  pages: PageResult[];
  /** Other builds measured in the same run, shown beside the site; the goals are the site's. */
  compared?: PageResult[];
  limit: PageResult;
  budget: Budget;
  runs: number;
  siteDir: string;
  meta: { date: string; lighthouse: string; chrome: string; benchmarkIndex: number };
}

function tableRow(label: string, page: PageResult, limitLcp: number): string {
  const m = page.mobile.median;
  const d = page.desktop.median;
  return `| ${label} | ${kB(m.jsGzip)} | ${kB(m.cssGzip)} | ${m.requests} | ${m.perf} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${d.perf} | ${seconds(d.lcp)} | ${m.a11y} | ${m.bp} | ${m.seo} | ${(m.lcp / limitLcp).toFixed(2)}× |`;
}

export function summaryMarkdown({
  pages,
  compared = [],
  limit,
  budget,
  runs,
  siteDir,
  meta,
}: SummaryInput) {
  const lines = [
    `# Benchmark ${meta.date}`,
    '',
    `Lighthouse ${meta.lighthouse}, ${meta.chrome}, ${runs} run(s) per page and form factor, ` +
      `mobile = simulated throttling; medians. Machine benchmarkIndex median ${Math.round(meta.benchmarkIndex)}.`,
    'JS/CSS gz = level-9 gzip of the files our origin served on the first load; requests = all successful ones.',
  ];
  const header =
    '| page | JS gz | CSS gz | requests | mobile perf | FCP | LCP | TBT | CLS | desktop perf | desktop LCP | a11y | BP | SEO | mobile LCP ÷ limit |\n' +
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|';
  const limitLcp = limit.mobile.median.lcp;
  for (const page of pages) {
    lines.push('', `## ${page.route}`, '', header);
    lines.push(
      tableRow(`site ${page.route}`, page, limitLcp),
      ...compared
        .filter((other) => other.route === page.route)
        .map((other) => tableRow(`${other.build} ${other.route}`, other, limitLcp)),
      tableRow('limit /', limit, limitLcp),
    );
  }

  const each = (text: (page: PageResult) => string) =>
    pages.map((page) => `${page.route} ${text(page)}`).join(' · ');
  const perfOk = (page: PageResult) =>
    page.mobile.median.perf >= GOALS.perf &&
    page.mobile.runs.every((r) => r.perf >= GOALS.perfEachRun);
  const tbtOk = (page: PageResult) => FORM_FACTORS.every((ff) => page[ff].median.tbt <= GOALS.tbt);
  const clsOk = (page: PageResult) =>
    FORM_FACTORS.every((ff) => Number(page[ff].median.cls.toFixed(3)) === 0);
  const cssOk = (page: PageResult) => page.mobile.median.cssGzip <= GOALS.css * 1000;
  const home = pages.find((page) => page.route === '/');
  const homeLcp = home?.mobile.median.lcp ?? NaN;
  const ratio = homeLcp / limitLcp;
  const total = budget.beforeGzip + budget.authGzip;
  lines.push(
    '',
    '## Goals',
    '',
    `- ${mark(pages.every(perfOk))} mobile performance ${GOALS.perf} (median; every run ≥ ${GOALS.perfEachRun}): ` +
      each(
        (p) =>
          `${p.mobile.median.perf} (runs ${p.mobile.runs.map((r) => r.perf).join(', ')}) ${mark(perfOk(p))}`,
      ),
    `- ${mark(pages.every(tbtOk))} TBT ≤ ${GOALS.tbt} ms (mobile / desktop): ` +
      each((p) => `${ms(p.mobile.median.tbt)} / ${ms(p.desktop.median.tbt)} ${mark(tbtOk(p))}`),
    `- ${mark(pages.every(clsOk))} CLS 0 (mobile / desktop): ` +
      each(
        (p) =>
          `${p.mobile.median.cls.toFixed(3)} / ${p.desktop.median.cls.toFixed(3)} ${mark(clsOk(p))}`,
      ),
    `- ${mark(ratio <= GOALS.lcpRatio)} mobile LCP on / ≤ ${GOALS.lcpRatio}× the limit page's: ` +
      `${seconds(homeLcp)} ÷ ${seconds(limitLcp)} = ${ratio.toFixed(2)}×`,
    ...GOALS.paintRatioRoutes.map((route) => {
      const page = pages.find((p) => p.route === route);
      if (!page) return `- ✗ ${route}: not measured`;
      const fcp = page.mobile.median.fcp / limit.mobile.median.fcp;
      const lcp = page.mobile.median.lcp / limitLcp;
      const ok = fcp <= GOALS.paintRatio && lcp <= GOALS.paintRatio;
      return (
        `- ${mark(ok)} ${route}: mobile FCP and LCP ≤ ${GOALS.paintRatio}× the limit page's: ` +
        `FCP ${fcp.toFixed(2)}×, LCP ${lcp.toFixed(2)}×`
      );
    }),
    `- ${mark(budget.beforeGzip <= GOALS.js * 1000)} JS before interactive ≤ ${GOALS.js} kB gz: ${kB(budget.beforeGzip)}`,
    `- ${mark(total <= GOALS.jsAuth * 1000)} JS with the auth SDK ≤ ${GOALS.jsAuth} kB gz: ${kB(total)}`,
    `- ${mark(pages.every(cssOk))} first-load CSS ≤ ${GOALS.css} kB gz: ` +
      each((p) => `${kB(p.mobile.median.cssGzip)} ${mark(cssOk(p))}`),
  );

  const name = (file: string) => path.relative(siteDir, file);
  lines.push(
    '',
    '## JS needed before interactive (/: every script of its first load)',
    '',
    '| file | gzip |',
    '|---|--:|',
  );
  for (const x of budget.before) lines.push(`| ${name(x.file)} (${x.role}) | ${kB(x.gzip)} |`);
  lines.push(`| **before interactive** | **${kB(budget.beforeGzip)}** |`);
  for (const x of budget.auth) lines.push(`| ${name(x.file)} (${x.role}) | ${kB(x.gzip)} |`);
  lines.push(`| **with the auth SDK** | **${kB(total)}** |`);

  lines.push('', '## What Lighthouse found (run 1; failing audits from every run)');
  for (const page of [...pages, { ...limit, route: '/ (limit page)' }]) {
    const f = page.findings;
    const first = page.mobile.runs[0];
    const firstDesktop = page.desktop.runs[0];
    const list = (values: string[]) => (values.length ? values.join('; ') : 'none');
    lines.push(
      '',
      `### ${page.route}`,
      '',
      `- first-load JS (mobile): ${list(first?.jsFiles.map((x) => `${x.file} ${kB(x.gzip)}`) ?? [])}`,
      `- first-load CSS (mobile): ${list(first?.cssFiles.map((x) => `${x.file} ${kB(x.gzip)}`) ?? [])}`,
      `- LCP element (mobile): ${f.mobile.lcpElement}`,
      `- LCP phases (mobile, simulated): ${f.mobile.lcpPhases || 'n/a'}`,
      `- LCP element (desktop): ${f.desktop.lcpElement}`,
      `- render-blocking (mobile): ${list(f.mobile.renderBlocking)}`,
      `- longest request chain (mobile, observed): ${list(f.mobile.longestChain).replaceAll('; ', ' → ')}`,
      `- unused JS (mobile, est.): ${list(f.mobile.unusedJs)}`,
      `- unused CSS (mobile, est.): ${list(f.mobile.unusedCss)}`,
      `- CPU by script (mobile, bootup-time): ${list(f.mobile.bootup)}`,
      `- failed requests: ${list([...new Set([...(first?.failedRequests ?? []), ...(firstDesktop?.failedRequests ?? [])])])}`,
      `- console errors: ${list([...new Set([...f.mobile.consoleErrors, ...f.desktop.consoleErrors])])}`,
    );
    if (!page.failing.length)
      lines.push('- accessibility / best-practices / SEO: no failing audit');
    for (const a of page.failing) {
      lines.push(`- ✗ ${a.category} \`${a.id}\` (${a.where.join(', ')}): ${a.title}`);
      for (const item of a.items) lines.push(`  - ${item}`);
    }
  }
  return lines.join('\n');
}
