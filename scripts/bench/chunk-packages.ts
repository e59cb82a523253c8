// What each built chunk is made of, by package, for the benchmark's "first-load JS per route".
// The client build writes it (`chunkPackagesReport` in vite.config.ts) only when the benchmark
// asks, through CHUNK_PACKAGES_FILE; a chunk's gzip size is then shared among its packages in
// proportion to their minified length in it.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** chunk file (assets/x.js) → package → minified bytes in that chunk. */
export type ChunkPackages = Record<string, Record<string, number>>;

/** The groups the table shows: a library with the packages only it pulls in. */
const GROUPS: [string, RegExp][] = [
  ['React', /^(react|react-dom|scheduler)$/],
  ['React Router', /^(react-router|cookie|set-cookie-parser)$/],
  [
    'react-bootstrap',
    /^(react-bootstrap|@restart\/.*|@react-aria\/.*|dom-helpers|prop-types|react-is|classnames|uncontrollable|warning|invariant|react-transition-group|@popperjs\/core|react-lifecycles-compat|@babel\/runtime)$/,
  ],
  ['Firebase', /^(firebase|@firebase\/.*|idb|tslib)$/],
  ['Temporal', /^temporal-polyfill$/],
  ['react-toastify', /^(react-toastify|clsx)$/],
  ['valibot', /^valibot$/],
  ['heroicons', /^@heroicons\/.*$/],
];
export const GROUP_NAMES = [...GROUPS.map(([name]) => name), 'our code', 'other'];

/** The table's group for a module id: its package's group, or our code. */
export function groupOf(moduleId: string): string {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId.replaceAll('\0', ''));
  if (!match)
    return moduleId.includes('vite/') || moduleId.includes('rolldown') ? 'other' : 'our code';
  const name = match[1]!.replaceAll('\\', '/');
  return GROUPS.find(([, test]) => test.test(name))?.[0] ?? 'other';
}

/** The Vite plugin: writes the report of a client build when CHUNK_PACKAGES_FILE names a file. */
export function chunkPackagesReport(): Plugin {
  return {
    name: 'chunk-packages-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const file = process.env.CHUNK_PACKAGES_FILE;
      if (!file || this.environment.name !== 'client') return;
      const report: ChunkPackages = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const groups: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) {
          const group = groupOf(id);
          groups[group] = (groups[group] ?? 0) + info.renderedLength;
        }
        report[chunk.fileName] = groups;
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(report, null, 1));
    },
  };
}

/** Where the benchmark's build writes the report: beside the site folder. */
export const chunkReportFile = (siteDir: string) => `${path.resolve(siteDir)}-chunk-packages.json`;

export const gzipBytes = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The gzip bytes of these scripts (paths under the site folder), in total and by group. */
export function byGroup(
  siteDir: string,
  report: ChunkPackages,
  scripts: string[],
): { total: number; groups: Record<string, number> } {
  const groups: Record<string, number> = {};
  let total = 0;
  for (const script of scripts) {
    const file = path.join(siteDir, script);
    if (!fs.existsSync(file)) continue;
    const gzip = gzipBytes(file);
    total += gzip;
    const parts = report[script] ?? { other: 1 };
    const length = Object.values(parts).reduce((a, b) => a + b, 0) || 1;
    for (const [group, bytes] of Object.entries(parts))
      groups[group] = (groups[group] ?? 0) + (gzip * bytes) / length;
  }
  return { total, groups };
}
