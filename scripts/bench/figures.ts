// What the bench reads out of one Lighthouse report: the figures of the table, the findings
// (what costs time or fails), the JS budget of the home page, and medians over runs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LhItem, LhReport } from './lighthouse.ts';
import { kB, ms } from './format.ts';

export interface FileSize {
  file: string;
  gzip: number;
}

const NUMERIC = [
  'perf',
  'fcp',
  'lcp',
  'tbt',
  'cls',
  'a11y',
  'bp',
  'seo',
  'jsGzip',
  'cssGzip',
  'requests',
  'benchmarkIndex',
] as const;
export type Medians = Record<(typeof NUMERIC)[number], number>;

export interface Figures extends Medians {
  jsFiles: FileSize[];
  cssFiles: FileSize[];
  failedRequests: string[];
}

const gzipCache = new Map<string, number>();
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    try {
      size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    } catch {
      size = NaN; // not a file of the build (e.g. a path answered by 404.html)
    }
    gzipCache.set(file, size);
  }
  return size;
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const itemsOf = (report: LhReport, id: string): LhItem[] => report.audits[id]?.details?.items ?? [];

/** The figures of one report; bytes are level-9 gzip of the files our origin served, like
 * the reference figures in docs/performance.md were measured (transfer sizes would include headers). */
export function figures(report: LhReport, dir: string): Figures {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? NaN) * 100);
  const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const origin = new URL(report.finalDisplayedUrl || report.requestedUrl || '').origin;
  const requests = itemsOf(report, 'network-requests').filter(
    (request) => !request.url?.startsWith('data:'),
  );
  const ok = (request: LhItem) => (request.statusCode ?? 0) > 0 && (request.statusCode ?? 0) < 400;
  const files = (type: string): FileSize[] =>
    requests
      .filter((r) => ok(r) && r.resourceType === type && r.url?.startsWith(origin))
      .map((r) => new URL(r.url ?? '').pathname)
      .map((file) => ({ file, gzip: gzipSize(path.join(dir, decodeURIComponent(file))) }));
  const js = files('Script');
  const css = files('Stylesheet');
  return {
    perf: score('performance'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    jsGzip: sum(js.map((x) => x.gzip)),
    cssGzip: sum(css.map((x) => x.gzip)),
    requests: requests.filter(ok).length,
    jsFiles: js,
    cssFiles: css,
    failedRequests: requests.filter((r) => !ok(r)).map((r) => `${r.statusCode || '—'} ${r.url}`),
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
  };
}

export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  items: string[];
}

export interface Findings {
  lcpElement: string;
  lcpPhases: string;
  renderBlocking: string[];
  longestChain: string[];
  unusedJs: string[];
  unusedCss: string[];
  bootup: string[];
  consoleErrors: string[];
  failing: FailingAudit[];
}

/** What a report says costs time or fails: LCP element and phases, render-blocking resources,
 * the longest request chain, unused bytes, and failing accessibility/best-practices/SEO audits. */
export function findings(report: LhReport): Findings {
  const items = (id: string) => itemsOf(report, id);
  const short = (url = '') => (url.startsWith('http') ? new URL(url).pathname : url);
  const [lcpElement, lcpPhases] = items('largest-contentful-paint-element');
  const node = lcpElement?.items?.[0]?.node;
  let chain = Object.values(
    items('network-dependency-tree-insight').find((i) => i.value?.type === 'network-tree')?.value
      ?.chains ?? {},
  ).find((c) => c.isLongest);
  const longestChain: string[] = [];
  while (chain) {
    longestChain.push(`${short(chain.url)} (${ms(chain.navStartToEndTime)})`);
    chain = Object.values(chain.children ?? {}).find((c) => c.isLongest);
  }
  const unused = (id: string) =>
    items(id).map(
      (i) => `${short(i.url)} ${kB(i.wastedBytes ?? NaN)} of ${kB(i.totalBytes ?? NaN)}`,
    );
  // Failing items are nodes (`node`, or `source` for is-crawlable), URLs or source locations.
  const describe = (item: LhItem) => {
    const node = item.node ?? (item.source?.type === 'node' ? item.source : undefined);
    if (node) return `\`${node.selector}\` ${node.snippet?.slice(0, 140)}`;
    const location = item.source?.url && `${item.source.url} line ${(item.source.line ?? 0) + 1}`;
    return item.description || item.url || location || JSON.stringify(item).slice(0, 140);
  };
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .map((ref) => report.audits[ref.id])
      .filter((a) => a !== undefined)
      .filter((a) => a.score !== null && a.score < 1)
      .filter((a) => !['manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode))
      .map((a) => ({
        category,
        id: a.id,
        title: a.title,
        items: items(a.id).slice(0, 5).map(describe),
      })),
  );
  return {
    lcpElement: node ? `\`${node.selector}\` ${node.snippet}` : 'none found',
    lcpPhases: (lcpPhases?.items ?? []).map((p) => `${p.phase} ${ms(p.timing ?? NaN)}`).join(', '),
    renderBlocking: items('render-blocking-resources').map(
      (i) => `${short(i.url)} (${ms(i.wastedMs ?? NaN)})`,
    ),
    longestChain,
    unusedJs: unused('unused-javascript'),
    unusedCss: unused('unused-css-rules'),
    bootup: items('bootup-time').map((i) => `${short(i.url)} ${ms(i.total ?? NaN)}`),
    consoleErrors: items('errors-in-console').map((i) => i.description ?? ''),
    failing,
  };
}

export interface BudgetFile {
  file: string;
  role: string;
  gzip: number;
}
export interface Budget {
  before: BudgetFile[];
  auth: BudgetFile[];
  beforeGzip: number;
  authGzip: number;
}

/** JS the home page needs to become interactive: every script of its first load (the boot
 * script, the app and the page's chunk; Firebase is not loaded for a visitor without a session);
 * then the Firebase SDK chunk on top, as a signed-in visitor loads it. */
export function jsBudget(dir: string, firstLoadScripts: FileSize[]): Budget {
  const critical = firstLoadScripts.map(({ file }) => ({
    file: path.join(dir, decodeURIComponent(file)),
    role: 'first load',
  }));
  const criticalFiles = new Set(critical.map((x) => x.file));
  const assets = path.join(dir, 'assets');
  const sdk = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(assets, name))
    .filter((file) => !criticalFiles.has(file))
    .filter((file) => fs.readFileSync(file, 'utf8').includes('identitytoolkit'))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  const withSizes = (list: { file: string; role: string }[]) =>
    list.map((x) => ({ ...x, gzip: gzipSize(x.file) }));
  const before = withSizes(critical);
  const auth = withSizes(sdk ? [{ file: sdk, role: 'Firebase SDK, on demand' }] : []);
  return {
    before,
    auth,
    beforeGzip: sum(before.map((x) => x.gzip)),
    authGzip: sum(auth.map((x) => x.gzip)),
  };
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Medians of every numeric figure over the runs of one page and form factor. */
export function medians(rows: Figures[]): Medians {
  return Object.fromEntries(
    NUMERIC.map((key) => [key, median(rows.map((row) => row[key]))]),
  ) as Medians;
}
