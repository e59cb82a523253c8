// Renders every public route to static HTML in dist/ after `vite build` (client) and
// `vite build --ssr` (dist-ssr/). Unknown paths get dist/404.html, served with status 404.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { criticalCssInliner } from './critical-css.ts';
import { modulePreloads } from './module-preloads.ts';
import { HASHES_FILE, styleHashes } from './style-hashes.ts';

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
  readsSessionAtOnce(path: string): boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const ssrDir = path.resolve(process.argv[3] ?? `${dist}-ssr`);
const server = (await import(
  pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
)) as EntryServer;
const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');

const HEAD = /<!--head-->[\s\S]*<!--\/head-->/;
const BOOT_SCRIPT = /<script type="module"[^>]*><\/script>/;
if (!HEAD.test(template) || !template.includes('<div id="root"><!--app-->')) {
  throw new Error('index.html lost its <!--head--> or <!--app--> marker.');
}
if (!BOOT_SCRIPT.test(template)) throw new Error('index.html lost its boot script.');

const inlineCriticalCss = criticalCssInliner(dist);
const preloadTags = modulePreloads(dist);
const hashes = new Set<string>();

/**
 * The scripts a page of the app names in its head. A page of content names none: its islands
 * load after its main picture has painted (src/boot.ts), because Lighthouse counts every script
 * requested before that paint in the page's largest paint, and the visitor's taps are answered
 * before hydration anyway (src/app/early-input.ts).
 */
function namedScripts(urlPath: string): string {
  if (server.hydratesAsIslands(urlPath)) return '';
  return preloadTags({
    module: server.pageModuleForPath(urlPath),
    session: server.readsSessionAtOnce(urlPath),
  });
}

async function writePage(urlPath: string, file: string, headKey = urlPath): Promise<string> {
  const html = await server.render(urlPath);
  const page = await inlineCriticalCss(
    template
      .replace(HEAD, () => server.headTags(headKey, server.siteUrl))
      .replace(BOOT_SCRIPT, (tag) => tag + namedScripts(urlPath))
      .replace(
        '<div id="root"><!--app-->',
        () =>
          `<div id="root" data-page="${server.pageModuleForPath(urlPath)}"` +
          `${server.hydratesAsIslands(urlPath) ? ' data-islands' : ''}>${html}`,
      ),
  );
  styleHashes(page).forEach((hash) => hashes.add(hash));
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
// The Firebase configs written from firebase.json add these to the CSP's style-src.
await fs.writeFile(
  path.join(dist, HASHES_FILE),
  `${JSON.stringify({ 'style-src': [...hashes].sort() }, null, 2)}\n`,
);
await fs.rm(ssrDir, { recursive: true, force: true });
await fs.rm(path.join(dist, '.vite'), { recursive: true, force: true }); // the build's manifest
console.log(
  `prerendered ${written.length} pages: ${written.join(', ')}; sitemap.xml, robots.txt, ` +
    `${HASHES_FILE} (${hashes.size} inline styles)`,
);
