// `npm run bench [-- --runs N]`: a benchmark run by hand, never by the tests. Builds the site for
// the Auth emulator into bench-results/site (dist/ is left alone), serves it beside the reference
// "limit" page (../shared/bench/limit: the home page as one static HTML file), and measures both
// with Lighthouse 12, mobile and desktop, interleaved so that the noise of this shared machine hits
// both alike. Prints a markdown table per route (medians), the goals with ✓/✗ and what Lighthouse
// found; writes the JSON reports and summary.md to bench-results/<timestamp>/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const sharedBench = path.resolve(root, '..', 'shared', 'bench');
const limitDir = path.join(sharedBench, 'limit');
const serveScript = path.join(sharedBench, 'serve.mjs');
const resultsDir = path.join(root, 'bench-results');
const siteDir = path.join(resultsDir, 'site');
// Lighthouse (about 200 packages) is installed on first use into this cache, never as a project
// dependency, so that `npm ci` stays fast; 12 is the version the shared anchors were measured with.
const toolsDir = path.join(root, 'node_modules', '.cache', 'bench-tools');
const lighthouseDir = path.join(toolsDir, 'node_modules', 'lighthouse');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking ' +
  '--disable-component-update --disable-sync --no-first-run --disable-dev-shm-usage';
const ROUTES = ['/', '/about', '/blogs', '/login'];
const FORM_FACTORS = ['mobile', 'desktop'];
const GOALS = {
  perf: 100,
  perfEachRun: 98,
  tbt: 50,
  lcpRatio: 1.15,
  js: 111.6,
  jsAuth: 150,
  css: 15,
};

const children = new Map(); // child process -> the signal that stops it cleanly

/** Starts a process whose id is tracked, so that it is stopped on error and on Ctrl-C. */
function start(command, args, { env = process.env, stopSignal = 'SIGTERM' } = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(child, stopSignal);
  child.on('exit', () => children.delete(child));
  child.output = '';
  child.stdout.on('data', (chunk) => (child.output += chunk));
  child.stderr.on('data', (chunk) => (child.output += chunk));
  return child;
}

function stopChildren() {
  for (const [child, signal] of children) {
    try {
      process.kill(child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = start(command, args, options);
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve(child.output)
        : reject(
            new Error(
              `${path.basename(args[0])} failed (${signal ?? `exit ${code}`}):\n${child.output.slice(-4000)}`,
            ),
          ),
    );
  });
}

function runsOption() {
  const index = process.argv.findIndex((arg) => arg === '--runs' || arg.startsWith('--runs='));
  if (index === -1) return 3;
  const value = process.argv[index].split('=')[1] ?? process.argv[index + 1];
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs needs a whole number, not ${value}`);
  return runs;
}

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(lighthouseDir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

async function ensureLighthouse() {
  if (!lighthouseVersion()?.startsWith('12.')) {
    console.error(
      `Installing lighthouse@12 into ${path.relative(root, toolsDir)} (first run only)…`,
    );
    const args = ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'];
    await run('npm', [...args, '--prefix', toolsDir, 'lighthouse@12']);
  }
  return lighthouseVersion();
}

/** Ports the system hands out as free, held open together so that they differ. */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      const server = net.createServer();
      return new Promise((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    }),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** The shared static server: gzip 9, route/index.html, 404.html with status 404. */
async function serve(dir, port) {
  const server = start(process.execPath, [serveScript, dir, String(port)]);
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (server.exitCode !== null)
      throw new Error(`The server for ${dir} stopped:\n${server.output}`);
    try {
      await fetch(`${origin}/`);
      return origin;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`The server for ${dir} did not answer on ${origin}`);
}

/** One Lighthouse run in a fresh Chrome, as ../shared/bench/lighthouse.sh does it. */
async function lighthouse(url, formFactor, outputPath) {
  const args = [
    path.join(lighthouseDir, 'cli', 'index.js'),
    url,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--max-wait-for-load=45000',
  ];
  // SIGINT, not SIGTERM: Lighthouse's Chrome launcher then closes the browser it started.
  const options = { env: { ...process.env, CHROME_PATH: chromePath }, stopSignal: 'SIGINT' };
  for (let attempt = 1; ; attempt++) {
    try {
      await run(process.execPath, args, options);
      const report = JSON.parse(fs.readFileSync(outputPath, 'utf8'));
      if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
      return report;
    } catch (error) {
      if (attempt === 2) throw error;
      console.error(`  Lighthouse failed, retrying once: ${error.message.split('\n')[0]}`);
    }
  }
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    let size = NaN;
    try {
      size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    } catch {
      // not a file of the build (e.g. a path answered by 404.html)
    }
    gzipCache.set(file, size);
  }
  return gzipCache.get(file);
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

/** The figures of one report; bytes are level-9 gzip of the files our origin served, like
 * ../shared/bench/measure-dir.sh (transfer sizes would include headers). */
function figures(report, dir) {
  const score = (id) => Math.round((report.categories[id]?.score ?? NaN) * 100);
  const metric = (id) => report.audits[id]?.numericValue ?? NaN;
  const origin = new URL(report.finalDisplayedUrl || report.requestedUrl).origin;
  const requests = (report.audits['network-requests']?.details?.items ?? []).filter(
    (request) => !request.url.startsWith('data:'),
  );
  const ok = (request) => request.statusCode > 0 && request.statusCode < 400;
  const files = (type) =>
    requests
      .filter((r) => ok(r) && r.resourceType === type && r.url.startsWith(origin))
      .map((r) => new URL(r.url).pathname)
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

/** What a report says costs time or fails: LCP element and phases, render-blocking resources,
 * the longest request chain, unused bytes, and failing accessibility/best-practices/SEO audits. */
function findings(report) {
  const audits = report.audits;
  const items = (id) => audits[id]?.details?.items ?? [];
  const short = (url) => (url.startsWith('http') ? new URL(url).pathname : url);
  const [lcpElement, lcpPhases] = items('largest-contentful-paint-element');
  const node = lcpElement?.items?.[0]?.node;
  let chain = Object.values(
    items('network-dependency-tree-insight').find((i) => i.value?.type === 'network-tree')?.value
      .chains ?? {},
  ).find((c) => c.isLongest);
  const longestChain = [];
  while (chain) {
    longestChain.push(`${short(chain.url)} (${ms(chain.navStartToEndTime)})`);
    chain = Object.values(chain.children ?? {}).find((c) => c.isLongest);
  }
  const unused = (id) =>
    items(id).map((i) => `${short(i.url)} ${kB(i.wastedBytes)} of ${kB(i.totalBytes)}`);
  // Failing items are nodes (`node`, or `source` for is-crawlable), URLs or source locations.
  const describe = (item) => {
    const node = item.node ?? (item.source?.type === 'node' ? item.source : undefined);
    if (node) return `\`${node.selector}\` ${node.snippet?.slice(0, 140)}`;
    const location = item.source?.url && `${item.source.url} line ${item.source.line + 1}`;
    return item.description || item.url || location || JSON.stringify(item).slice(0, 140);
  };
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    report.categories[category].auditRefs
      .map((ref) => audits[ref.id])
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
    lcpPhases: (lcpPhases?.items ?? []).map((p) => `${p.phase} ${ms(p.timing)}`).join(', '),
    renderBlocking: items('render-blocking-resources').map(
      (i) => `${short(i.url)} (${ms(i.wastedMs)})`,
    ),
    longestChain,
    unusedJs: unused('unused-javascript'),
    unusedCss: unused('unused-css-rules'),
    bootup: items('bootup-time').map((i) => `${short(i.url)} ${ms(i.total)}`),
    consoleErrors: items('errors-in-console').map((i) => i.description),
    failing,
  };
}

/** JS the home page needs to become interactive: every script of its first load (the boot
 * script, the app and the page's chunk; Firebase is not loaded for a visitor without a session);
 * then the Firebase SDK chunk on top, as a signed-in visitor loads it. */
function jsBudget(dir, firstLoadScripts) {
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
  const withSizes = (list) => list.map((x) => ({ ...x, gzip: gzipSize(x.file) }));
  const before = withSizes(critical);
  const auth = withSizes(sdk ? [{ file: sdk, role: 'Firebase SDK, on demand' }] : []);
  return {
    before,
    auth,
    beforeGzip: sum(before.map((x) => x.gzip)),
    authGzip: sum(auth.map((x) => x.gzip)),
  };
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kB = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} kB` : 'n/a');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'n/a');
const mark = (pass) => (pass ? '✓' : '✗');

/** Medians of every numeric figure over the runs of one page and form factor. */
function medians(rows) {
  const keys = Object.keys(rows[0]).filter((key) => typeof rows[0][key] === 'number');
  return Object.fromEntries(keys.map((key) => [key, median(rows.map((row) => row[key]))]));
}

function tableRow(label, page, limitLcp) {
  const m = page.mobile.median;
  const d = page.desktop.median;
  return `| ${label} | ${kB(m.jsGzip)} | ${kB(m.cssGzip)} | ${m.requests} | ${m.perf} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${d.perf} | ${seconds(d.lcp)} | ${m.a11y} | ${m.bp} | ${m.seo} | ${(m.lcp / limitLcp).toFixed(2)}× |`;
}

function summaryMarkdown({ pages, limit, budget, runs, meta }) {
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
      tableRow('limit /', limit, limitLcp),
    );
  }

  const each = (text) => pages.map((page) => `${page.route} ${text(page)}`).join(' · ');
  const perfOk = (page) =>
    page.mobile.median.perf >= GOALS.perf &&
    page.mobile.runs.every((r) => r.perf >= GOALS.perfEachRun);
  const tbtOk = (page) => FORM_FACTORS.every((ff) => page[ff].median.tbt <= GOALS.tbt);
  const clsOk = (page) => FORM_FACTORS.every((ff) => Number(page[ff].median.cls.toFixed(3)) === 0);
  const cssOk = (page) => page.mobile.median.cssGzip <= GOALS.css * 1000;
  const home = pages.find((page) => page.route === '/');
  const ratio = home.mobile.median.lcp / limitLcp;
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
      `${seconds(home.mobile.median.lcp)} ÷ ${seconds(limitLcp)} = ${ratio.toFixed(2)}×`,
    `- ${mark(budget.beforeGzip <= GOALS.js * 1000)} JS before interactive ≤ ${GOALS.js} kB gz: ${kB(budget.beforeGzip)}`,
    `- ${mark(total <= GOALS.jsAuth * 1000)} JS with the auth SDK ≤ ${GOALS.jsAuth} kB gz: ${kB(total)}`,
    `- ${mark(pages.every(cssOk))} first-load CSS ≤ ${GOALS.css} kB gz: ` +
      each((p) => `${kB(p.mobile.median.cssGzip)} ${mark(cssOk(p))}`),
  );

  const name = (file) => path.relative(siteDir, file);
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
    const list = (values) => (values.length ? values.join('; ') : 'none');
    lines.push(
      '',
      `### ${page.route}`,
      '',
      `- first-load JS (mobile): ${list(first.jsFiles.map((x) => `${x.file} ${kB(x.gzip)}`))}`,
      `- first-load CSS (mobile): ${list(first.cssFiles.map((x) => `${x.file} ${kB(x.gzip)}`))}`,
      `- LCP element (mobile): ${f.mobile.lcpElement}`,
      `- LCP phases (mobile, simulated): ${f.mobile.lcpPhases || 'n/a'}`,
      `- LCP element (desktop): ${f.desktop.lcpElement}`,
      `- render-blocking (mobile): ${list(f.mobile.renderBlocking)}`,
      `- longest request chain (mobile, observed): ${list(f.mobile.longestChain).replaceAll('; ', ' → ')}`,
      `- unused JS (mobile, est.): ${list(f.mobile.unusedJs)}`,
      `- unused CSS (mobile, est.): ${list(f.mobile.unusedCss)}`,
      `- CPU by script (mobile, bootup-time): ${list(f.mobile.bootup)}`,
      `- failed requests: ${list([...new Set([...first.failedRequests, ...page.desktop.runs[0].failedRequests])])}`,
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

async function main() {
  const runs = runsOption();
  if (!fs.existsSync(path.join(limitDir, 'index.html'))) {
    throw new Error(
      `The reference page is missing: ${limitDir}/index.html (../shared/bench/limit).`,
    );
  }
  if (!fs.existsSync(serveScript)) throw new Error(`The static server is missing: ${serveScript}`);
  if (!fs.existsSync(chromePath)) throw new Error(`No Chrome at ${chromePath} (set CHROME_PATH).`);
  const lighthouseRelease = await ensureLighthouse();

  console.error('Building the site (emulator mode) into bench-results/site…');
  const binPath = `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`;
  await run(
    process.execPath,
    ['scripts/build.mjs', '--mode', 'emulator', '--out-dir', path.relative(root, siteDir)],
    { env: { ...process.env, PATH: binPath } },
  );

  const [sitePort, limitPort] = await freePorts(2);
  const siteOrigin = await serve(siteDir, sitePort);
  const limitOrigin = await serve(limitDir, limitPort);
  const startedAt = new Date().toISOString();
  const outDir = path.join(resultsDir, startedAt.replace(/[:.]/g, '-').slice(0, 19));
  fs.mkdirSync(outDir, { recursive: true });

  const slug = (route) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '-'));
  const targets = [
    { key: 'limit', route: '/', origin: limitOrigin, dir: limitDir },
    ...ROUTES.map((route) => ({ key: 'site', route, origin: siteOrigin, dir: siteDir })),
  ].map((t) => ({
    ...t,
    name: `${t.key}-${slug(t.route)}`,
    mobile: { runs: [] },
    desktop: { runs: [] },
  }));

  // Interleaved: run 1 of every page and form factor, then run 2…, limit page first each time.
  const total = runs * FORM_FACTORS.length * targets.length;
  let done = 0;
  const firstReports = new Map();
  const failing = new Map(); // target -> audit id -> failing audit with the form factors it failed in
  for (let round = 1; round <= runs; round++) {
    for (const formFactor of FORM_FACTORS) {
      for (const target of targets) {
        const file = path.join(outDir, `${target.name}-${formFactor}-${round}.json`);
        const result = await lighthouse(`${target.origin}${target.route}`, formFactor, file);
        const row = figures(result, target.dir);
        target[formFactor].runs.push(row);
        const found = findings(result);
        if (round === 1) firstReports.set(`${target.name}-${formFactor}`, { result, found });
        if (!failing.has(target)) failing.set(target, new Map());
        for (const audit of found.failing) {
          const entry = failing.get(target).get(audit.id) ?? { ...audit, where: [] };
          if (!entry.where.includes(formFactor)) entry.where.push(formFactor);
          failing.get(target).set(audit.id, entry);
        }
        console.error(
          `[${++done}/${total}] ${target.key} ${target.route} ${formFactor} run ${round}: perf ${row.perf}, ` +
            `LCP ${seconds(row.lcp)}, TBT ${ms(row.tbt)}, CLS ${row.cls.toFixed(3)}`,
        );
      }
    }
  }

  for (const target of targets) {
    for (const formFactor of FORM_FACTORS)
      target[formFactor].median = medians(target[formFactor].runs);
    target.findings = Object.fromEntries(
      FORM_FACTORS.map((ff) => [ff, firstReports.get(`${target.name}-${ff}`).found]),
    );
    target.failing = [...failing.get(target).values()];
  }
  const anyReport = firstReports.get('limit-home-mobile').result;
  const meta = {
    date: startedAt,
    lighthouse: anyReport.lighthouseVersion ?? lighthouseRelease,
    chrome: anyReport.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chrome',
    benchmarkIndex: median(
      targets.flatMap((t) => FORM_FACTORS.flatMap((ff) => t[ff].runs.map((r) => r.benchmarkIndex))),
    ),
  };
  const [limit, ...pages] = targets;
  const home = pages.find((page) => page.route === '/');
  const budget = jsBudget(siteDir, home.mobile.runs[0].jsFiles);
  const summary = summaryMarkdown({ pages, limit, budget, runs, meta });
  fs.writeFileSync(path.join(outDir, 'summary.md'), `${summary}\n`);
  const json = targets.map(({ key, route, mobile, desktop, failing: f }) => ({
    key,
    route,
    mobile,
    desktop,
    failing: f,
  }));
  fs.writeFileSync(
    path.join(outDir, 'summary.json'),
    JSON.stringify({ meta, budget, pages: json }, null, 2),
  );
  console.log(summary);
  console.log(`\nReports and summary.md: ${path.relative(process.cwd(), outDir) || '.'}/`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChildren();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
try {
  await main();
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
} finally {
  stopChildren();
}
