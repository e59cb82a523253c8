import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulePreloads } from './module-preloads.ts';

function distWith(manifest: object): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'preloads-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('the scripts a prerendered page names in its head', () => {
  const dist = distWith({
    'index.html': { file: 'assets/boot.js', isEntry: true },
    'src/main.tsx': { file: 'assets/main.js', imports: ['index.html', '_framework.js'] },
    '_framework.js': { file: 'assets/framework.js' },
    'src/app/routes/home.tsx': {
      file: 'assets/home.js',
      imports: ['_framework.js', '_services.js'],
    },
    '_services.js': { file: 'assets/services.js', imports: ['_framework.js'] },
    'src/app/routes/about.tsx': { file: 'assets/about.js', imports: ['_framework.js'] },
    'src/islands.tsx': { file: 'assets/islands.js', imports: ['index.html', '_framework.js'] },
    'src/app/islands/navbar.tsx': { file: 'assets/navbar.js', imports: ['_framework.js'] },
    'src/app/islands/services.tsx': {
      file: 'assets/services-island.js',
      imports: ['_services.js'],
    },
  });
  const hrefs = (tags: string) => [...tags.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

  it('are the app and the page module with everything they import, each once, not the boot script', () => {
    const tags = modulePreloads(dist)({ module: 'home' });
    expect(hrefs(tags)).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/home.js',
      '/assets/services.js',
    ]);
    expect(tags).toMatch(
      /^(<link rel="modulepreload" crossorigin fetchpriority="low" href="[^"]+" \/>)+$/,
    );
  });

  it('differ by page: another page module brings only its own', () => {
    expect(hrefs(modulePreloads(dist)({ module: 'about' }))).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/about.js',
    ]);
  });

  it('are, for a page of islands, the islands entry and its islands, without the app', () => {
    expect(hrefs(modulePreloads(dist)({ islands: ['navbar', 'services'] }))).toEqual([
      '/assets/islands.js',
      '/assets/framework.js',
      '/assets/navbar.js',
      '/assets/services-island.js',
      '/assets/services.js',
    ]);
  });

  it('need the entries and every island named in the manifest', () => {
    expect(() => modulePreloads(distWith({}))).toThrow(/has no src\/main\.tsx/);
    expect(() => modulePreloads(dist)({ islands: ['menu'] })).toThrow(
      /has no src\/app\/islands\/menu\.tsx/,
    );
  });
});
