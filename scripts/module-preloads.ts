// The scripts a prerendered page of the app runs to hydrate, named in its head as `modulepreload`
// links, so that they download from the start beside the page rather than one round trip after the
// boot script asks for them (the boot loader still runs them only after the first paint). At low
// priority, like the boot script: at high priority they delayed the first paint by about 100-200 ms
// (bench). Pages of content name none (scripts/prerender.ts says why).
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  /** The chunk's name: its module's, also when the bundler keys it by its file instead. */
  name?: string;
  imports?: string[];
  /** The stylesheets the bundler loads with the chunk (and waits for, before its module runs). */
  css?: string[];
  /** The boot script (index.html's own tag). */
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The app's entry and a page module (see src/boot.ts). */
const APP_ENTRY = 'src/main.tsx';
const pageModuleKey = (module: string) => `src/app/routes/${module}.tsx`;
/** The identity SDK, imported when a page first needs the session (src/lib/load-firebase.ts). */
const FIREBASE = 'src/lib/firebase.ts';
const FIREBASE_CHUNK_NAME = 'firebase';
/**
 * The reader of the session the SDK stored, which a page's early reads import before they go out
 * (src/lib/early-reads.ts): named with the signed-in content it reads for.
 */
const STORED_SESSION = 'src/lib/stored-session.ts';

/**
 * The identity SDK's key. A module only ever imported dynamically, from more than one chunk, is
 * keyed by its chunk's file (`_firebase-<hash>.js`) rather than its path; its name stays.
 */
function firebaseKey(manifest: Manifest): string | undefined {
  if (manifest[FIREBASE]) return FIREBASE;
  return Object.keys(manifest).find((key) => manifest[key]!.name === FIREBASE_CHUNK_NAME);
}

/**
 * What hydrates a page: the app with the page's module, and the identity SDK if it reads the
 * session at once: for every visitor (`always`) or for a browser signed in last time (`hinted`).
 */
export interface Hydration {
  module: string;
  /** `stored`: as `hinted`, but the SDK loads after the page's content (src/lib/boot-session.ts). */
  identity?: 'none' | 'hinted' | 'stored' | 'always';
}

/** A page of the app's script links: those its head names, and the identity SDK's for a hint. */
export interface PageScripts {
  /** Named in the head, downloading beside the page. */
  named: string;
  /**
   * The identity SDK's scripts and the page's signed-in content's (signedInContent), those the
   * app does not name already, inert in a
   * `<template id="session-scripts">` that the boot loader puts in the page at once where this
   * browser was signed in last time; empty when the page names them itself or needs none. It
   * goes after `named` and before the boot loader, which reads it as the head is parsed.
   */
  hinted: string;
}

/** The id of the template the boot loader puts in the page for a browser signed in last time. */
export const SESSION_SCRIPTS_ID = 'session-scripts';

/** A chunk's file and every chunk it imports statically, in the order they are first met. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Reads the client build's manifest (`build.manifest`). */
function readManifest(dist: string): { file: string; manifest: Manifest } {
  const file = path.join(dist, '.vite', 'manifest.json');
  return { file, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
}

/** Every chunk the entries import statically, each once, without the boot script or `known`. */
function chunkFiles(
  file: string,
  manifest: Manifest,
  entries: string[],
  known: ReadonlySet<string> = new Set(),
): string[] {
  const keys = new Set<string>();
  for (const entry of entries) {
    if (!manifest[entry]) throw new Error(`${file} has no ${entry}.`);
    staticClosure(manifest, entry, keys);
  }
  return [...keys]
    .filter((key) => !manifest[key]!.isEntry && !known.has(key))
    .map((key) => `/${manifest[key]!.file}`);
}

const lowPriorityLinks = (hrefs: string[]) =>
  hrefs
    .map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}" />`)
    .join('');

/**
 * The stylesheets of the entries' chunks that the app's own do not bring: the bundler asks for a
 * lazily loaded chunk's stylesheets only as the chunk is imported, and runs the chunk once they
 * have loaded, so the signed-in content waited a round trip for them after its scripts.
 */
function stylesheets(manifest: Manifest, entries: string[], known: ReadonlySet<string>) {
  const keys = new Set<string>();
  for (const entry of entries) staticClosure(manifest, entry, keys);
  const knownCss = new Set([...known].flatMap((key) => manifest[key]!.css ?? []));
  return [
    ...new Set(
      [...keys]
        .filter((key) => !known.has(key))
        .flatMap((key) => manifest[key]!.css ?? [])
        .filter((css) => !knownCss.has(css)),
    ),
  ].map((css) => `/${css}`);
}

// `crossorigin` as the bundler asks for them, so the stylesheet it adds takes this download.
const styleLinks = (hrefs: string[]) =>
  hrefs
    .map(
      (href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}" />`,
    )
    .join('');

const routesDir = path.resolve(import.meta.dirname, '..', 'src', 'app', 'routes');
const SIGNED_IN_IMPORT = /lazyWhenSignedIn\(\s*\(\)\s*=>\s*import\('(\.[^']+)'\)/g;

/**
 * The content a page shows a signed-in visitor, as manifest keys: the modules its module loads
 * with `lazyWhenSignedIn` (src/lib/lazy-signed-in.ts), which starts them as the page's module
 * runs in a browser signed in last time. Named with the identity SDK's scripts, they download
 * from the start for that browser instead of once the boot script and the page's module have run.
 */
function signedInContent(manifest: Manifest, module: string): string[] {
  const file = path.join(routesDir, `${module}.tsx`);
  if (!fs.existsSync(file)) return [];
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(SIGNED_IN_IMPORT)].flatMap(([, specifier = '']) => {
    const base = path.relative(
      path.resolve(routesDir, '..', '..', '..'),
      path.resolve(routesDir, specifier),
    );
    const key = ['.tsx', '.ts']
      .map((extension) => base.split(path.sep).join('/') + extension)
      .find((each) => manifest[each]);
    return key ? [key] : [];
  });
}

/** Gives each page of the app its links, from the client build's manifest. */
export function modulePreloads(dist: string): (hydration: Hydration) => PageScripts {
  const { file, manifest } = readManifest(dist);
  if (!manifest[APP_ENTRY]) throw new Error(`${file} has no ${APP_ENTRY}.`);
  const firebase = firebaseKey(manifest);
  if (!firebase) throw new Error(`${file} has no ${FIREBASE} (a chunk named firebase).`);
  return ({ module, identity = 'none' }) => {
    const page = [APP_ENTRY, pageModuleKey(module)];
    if (identity === 'always')
      return {
        named: lowPriorityLinks(chunkFiles(file, manifest, [...page, firebase])),
        hinted: '',
      };
    const named = lowPriorityLinks(chunkFiles(file, manifest, page));
    if (identity === 'none') return { named, hinted: '' };
    const app = new Set<string>();
    for (const entry of page) staticClosure(manifest, entry, app);
    const content = signedInContent(manifest, module);
    const reader = content.length > 0 && manifest[STORED_SESSION] ? [STORED_SESSION] : [];
    const identitySdk = identity === 'stored' ? [] : [firebase];
    const sdk = lowPriorityLinks(
      chunkFiles(file, manifest, [...identitySdk, ...reader, ...content], app),
    );
    const styles = styleLinks(stylesheets(manifest, content, app));
    return { named, hinted: `<template id="${SESSION_SCRIPTS_ID}">${sdk}${styles}</template>` };
  };
}

/** The islands' entry (src/islands.tsx) and the module of each island: src/app/islands/<name>.tsx. */
const ISLANDS_ENTRY = 'src/islands.tsx';
const islandModuleKey = (name: string) => `src/app/islands/${name}.tsx`;

/**
 * The islands a prerendered page hydrates at once, each named once: not one marked
 * `data-island-later`, which asks for its own scripts once the page is ready (src/islands.tsx).
 */
export function islandsAtOnce(html: string): string[] {
  const opening = /<[a-z][^>]*\bdata-island="([\w-]+)"[^>]*>/g;
  const names = [...html.matchAll(opening)]
    .filter(([tag]) => !/\sdata-island-later[\s=>]/.test(tag))
    .map((match) => match[1]!);
  return [...new Set(names)];
}

/**
 * A page of content's island scripts, as links kept inert in a `<template id="island-scripts">`:
 * the boot loader puts them in the page when it asks for the boot script, after the main picture,
 * so that they download beside it instead of one round trip after it.
 */
export function islandScripts(dist: string): (islands: string[]) => string {
  const { file, manifest } = readManifest(dist);
  return (islands) => {
    const entries = [ISLANDS_ENTRY, ...islands.map(islandModuleKey)];
    const links = chunkFiles(file, manifest, entries)
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)
      .join('');
    return `<template id="island-scripts">${links}</template>`;
  };
}
