// The scripts a prerendered page runs to hydrate, named in its head as `modulepreload` links, so
// that they download from the start beside the page rather than one round trip after the boot
// script asks for them (src/boot.ts still runs them only after the first paint).
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The boot script (index.html's own tag). */
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The app's entry, which the boot script imports, and the folder of page modules. */
const APP_ENTRY = 'src/main.tsx';
const pageModuleKey = (module: string) => `src/app/routes/${module}.tsx`;

/** A chunk's file and every chunk it imports statically, in the order they are first met. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Reads the client build's manifest (`build.manifest`) and gives each page module its links. */
export function modulePreloads(dist: string): (pageModule: string) => string {
  const file = path.join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (!manifest[APP_ENTRY]) throw new Error(`${file} has no ${APP_ENTRY}.`);
  return (pageModule) => {
    const keys = staticClosure(manifest, APP_ENTRY);
    staticClosure(manifest, pageModuleKey(pageModule), keys);
    return [...keys]
      .filter((key) => !manifest[key]!.isEntry)
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" />`)
      .join('');
  };
}
