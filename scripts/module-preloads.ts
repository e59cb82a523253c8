// The scripts a prerendered page runs to hydrate, named in its head as `modulepreload` links, so
// that they download from the start beside the page rather than one round trip after the boot
// script asks for them (src/boot.ts still runs them only after the first paint). At low priority,
// like the boot script: at high priority they delayed the first paint by about 100-200 ms (bench).
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The boot script (index.html's own tag). */
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The app's entry and a page module, or the islands' entry and an island (see src/boot.ts). */
const APP_ENTRY = 'src/main.tsx';
const ISLANDS_ENTRY = 'src/islands.tsx';
const pageModuleKey = (module: string) => `src/app/routes/${module}.tsx`;
const islandKey = (island: string) => `src/app/islands/${island}.tsx`;

/** What hydrates a page: the whole app with the page's module, or the page's islands alone. */
export type Hydration = { module: string } | { islands: readonly string[] };

/** A chunk's file and every chunk it imports statically, in the order they are first met. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Reads the client build's manifest (`build.manifest`) and gives each page its links. */
export function modulePreloads(dist: string): (hydration: Hydration) => string {
  const file = path.join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  for (const entry of [APP_ENTRY, ISLANDS_ENTRY])
    if (!manifest[entry]) throw new Error(`${file} has no ${entry}.`);
  return (hydration) => {
    const entries =
      'islands' in hydration
        ? [ISLANDS_ENTRY, ...hydration.islands.map(islandKey)]
        : [APP_ENTRY, pageModuleKey(hydration.module)];
    const keys = new Set<string>();
    for (const entry of entries) {
      if (!manifest[entry]) throw new Error(`${file} has no ${entry}.`);
      staticClosure(manifest, entry, keys);
    }
    return [...keys]
      .filter((key) => !manifest[key]!.isEntry)
      .map(
        (key) =>
          `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[key]!.file}" />`,
      )
      .join('');
  };
}
