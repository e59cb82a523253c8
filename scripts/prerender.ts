// Renders every public route to static HTML in dist/ after `vite build` (client) and
// `vite build --ssr` (dist-ssr/). Unknown paths get dist/404.html, served with status 404.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { minifySync } from 'vite';
import { criticalCssInliner } from './critical-css.ts';
import { HASHES_FILE, inlineHashes, type InlineHashes } from './csp-hashes.ts';
import { writeFloorPage } from './bench/floor.ts';
import { islandsAtOnce, islandScripts, modulePreloads } from './module-preloads.ts';

/** What the build-time renderer (src/entry-server.tsx) exports. */
interface EntryServer {
  render(url: string): Promise<string>;
  headTags(key: string, siteUrl: string): string;
  sitemapXml(siteUrl: string): string;
  robotsTxt(siteUrl: string): string;
  siteUrl: string;
  prerenderedPaths: readonly string[];
  pageModuleForPath(path: string): string;
  hydratesAsIslands(path: string): boolean;
  identityScriptsFor(path: string): 'none' | 'hinted' | 'stored' | 'always';
  loadBootScript(bootSrc: string, waitLimitMs: number, sessionHintKey: string): void;
  SESSION_HINT_KEY: string;
}

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const ssrDir = path.resolve(process.argv[3] ?? `${dist}-ssr`);
const server = (await import(
  pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
)) as EntryServer;
const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');

const HEAD = /<!--head-->[\s\S]*<!--\/head-->/;
const BOOT_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
if (!HEAD.test(template) || !template.includes('<div id="root"><!--app-->')) {
  throw new Error('index.html lost its <!--head--> or <!--app--> marker.');
}
const bootSrc = BOOT_SCRIPT.exec(template)?.[1];
if (!bootSrc) throw new Error('index.html lost its boot script.');

/** A tab opened in the background paints only when shown: it boots after this all the same. */
const BOOT_WAIT_LIMIT_MS = 2000;
/**
 * The boot script's tag becomes the boot loader, inline (src/app/boot-loader.ts): it asks for the
 * boot script after the first paint and the main picture, and answers taps until React does.
 */
const bootLoaderCode = minifySync(
  'boot-loader.js',
  `(${server.loadBootScript.toString()})(${JSON.stringify(bootSrc)},${BOOT_WAIT_LIMIT_MS},${JSON.stringify(server.SESSION_HINT_KEY)});`,
).code;
if (/<\/script/i.test(bootLoaderCode)) throw new Error('The boot loader would end its own tag.');
const bootLoader = `<script>${bootLoaderCode}</script>`;

const inlineCriticalCss = criticalCssInliner(dist);
const preloadTags = modulePreloads(dist);
const islandScriptsTemplate = islandScripts(dist);
const hashes: InlineHashes = { 'style-src': [], 'script-src': [] };

/**
 * The scripts a page of the app names in its head: the boot script and what it hydrates with,
 * downloading beside the page, and the identity SDK's in a template before the boot loader, which
 * puts them in the page where this browser was signed in last time (modulePreloads), so that they
 * download after the page's own as they did when the head named them. A page of
 * content names its islands' scripts only in an inert template: they load with the boot script
 * after its main picture has painted, because Lighthouse counts every script requested before
 * that paint in the page's largest paint, and the boot loader answers the visitor's taps before
 * hydration anyway.
 */
function scriptsOf(urlPath: string, html: string): string {
  if (server.hydratesAsIslands(urlPath)) {
    // Named all the same, inert, for the boot loader to ask for beside the boot script.
    return bootLoader + islandScriptsTemplate(islandsAtOnce(html));
  }
  const { named, hinted } = preloadTags({
    module: server.pageModuleForPath(urlPath),
    identity: server.identityScriptsFor(urlPath),
  });
  // The identity SDK's last, as before, and its template before the loader that reads it.
  return (
    `<link rel="modulepreload" crossorigin fetchpriority="low" href="${bootSrc}" />` +
    named +
    hinted +
    bootLoader
  );
}

async function writePage(urlPath: string, file: string, headKey = urlPath): Promise<string> {
  const html = await server.render(urlPath);
  const page = await inlineCriticalCss(
    template
      .replace(HEAD, () => server.headTags(headKey, server.siteUrl))
      .replace(BOOT_SCRIPT, () => scriptsOf(urlPath, html))
      .replace(
        '<div id="root"><!--app-->',
        () =>
          `<div id="root" data-page="${server.pageModuleForPath(urlPath)}"` +
          `${server.hydratesAsIslands(urlPath) ? ' data-islands' : ''}>${html}`,
      ),
  );
  const pageHashes = inlineHashes(page);
  for (const directive of ['style-src', 'script-src'] as const) {
    for (const hash of pageHashes[directive]) {
      if (!hashes[directive].includes(hash)) hashes[directive].push(hash);
    }
  }
  const target = path.join(dist, file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, page);
  return file;
}

const written: string[] = [];
for (const urlPath of server.prerenderedPaths) {
  const file = urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`;
  written.push(await writePage(urlPath, file));
}
written.push(await writePage('/404', '404.html', 'notFound'));

await fs.writeFile(path.join(dist, 'sitemap.xml'), server.sitemapXml(server.siteUrl));
await fs.writeFile(path.join(dist, 'robots.txt'), server.robotsTxt(server.siteUrl));
// The Firebase configs written from firebase.json add these to the CSP's style-src and script-src.
const sorted: InlineHashes = {
  'style-src': hashes['style-src'].sort(),
  'script-src': hashes['script-src'].sort(),
};
await fs.writeFile(path.join(dist, HASHES_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
await fs.rm(ssrDir, { recursive: true, force: true });
// The bench's build (BENCH_FLOOR_PAGE) adds React's floor beside the pages, while the manifest is here.
if (process.env.BENCH_FLOOR_PAGE) writeFloorPage(dist);
await fs.rm(path.join(dist, '.vite'), { recursive: true, force: true }); // the build's manifest
console.log(
  `prerendered ${written.length} pages: ${written.join(', ')}; sitemap.xml, robots.txt, ` +
    `${HASHES_FILE} (${hashes['style-src'].length} inline styles, ${hashes['script-src'].length} inline script)`,
);
