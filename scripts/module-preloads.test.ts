import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandsAtOnce, islandScripts, modulePreloads } from './module-preloads.ts';

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
    'src/lib/firebase.ts': { file: 'assets/firebase.js', imports: ['_auth.js'] },
    '_auth.js': { file: 'assets/auth.js' },
    'src/app/routes/about.tsx': { file: 'assets/about.js', imports: ['_framework.js'] },
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

  it('add the identity SDK and what it imports, last, for a page that reads the session at once', () => {
    expect(hrefs(modulePreloads(dist)({ module: 'about', session: true }))).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/about.js',
      '/assets/firebase.js',
      '/assets/auth.js',
    ]);
  });

  it('find the identity SDK by its chunk name when the manifest keys it by its file', () => {
    const keyedByFile = distWith({
      'src/main.tsx': { file: 'assets/main.js' },
      'src/app/routes/login.tsx': { file: 'assets/login.js' },
      '_firebase-x1.js': { file: 'assets/firebase-x1.js', name: 'firebase', imports: ['_env.js'] },
      '_env.js': { file: 'assets/env.js' },
    });
    expect(hrefs(modulePreloads(keyedByFile)({ module: 'login', session: true }))).toEqual([
      '/assets/main.js',
      '/assets/login.js',
      '/assets/firebase-x1.js',
      '/assets/env.js',
    ]);
    expect(() => modulePreloads(distWith({ 'src/main.tsx': { file: 'a.js' } }))).toThrow(
      /has no src\/lib\/firebase\.ts/,
    );
  });

  it('need the entry of the app, the identity SDK and the page module in the manifest', () => {
    expect(() => modulePreloads(distWith({}))).toThrow(/has no src\/main\.tsx/);
    expect(() => modulePreloads(dist)({ module: 'menu' })).toThrow(
      /has no src\/app\/routes\/menu\.tsx/,
    );
  });

  it("of a page of content are its islands' scripts, inert in a template, each once", () => {
    const islands = distWith({
      'index.html': { file: 'assets/boot.js', isEntry: true },
      'src/islands.tsx': { file: 'assets/islands.js', imports: ['_framework.js', 'index.html'] },
      '_framework.js': { file: 'assets/framework.js' },
      'src/app/islands/navbar.tsx': { file: 'assets/navbar.js', imports: ['_framework.js'] },
      'src/app/islands/carousel.tsx': { file: 'assets/carousel.js', imports: ['_slides.js'] },
      '_slides.js': { file: 'assets/slides.js', imports: ['_framework.js'] },
    });
    const template = islandScripts(islands)(['navbar', 'carousel']);
    expect(template).toMatch(/^<template id="island-scripts">(<link [^>]+>)+<\/template>$/);
    expect(hrefs(template)).toEqual([
      '/assets/islands.js',
      '/assets/framework.js',
      '/assets/navbar.js',
      '/assets/carousel.js',
      '/assets/slides.js',
    ]);
    expect(hrefs(islandScripts(islands)(['navbar']))).not.toContain('/assets/carousel.js');
    expect(() => islandScripts(islands)(['menu'])).toThrow(/has no src\/app\/islands\/menu\.tsx/);
  });
});

describe('the islands a page of content hydrates at once', () => {
  it('are its islands, each once, but not one marked to hydrate later', () => {
    const html =
      '<header class="sticky-top" data-island="navbar"><nav>Menu</nav></header>' +
      '<section class="banner" data-island="carousel"></section>' +
      '<section id="services" data-island="services" data-island-later=""><h2>Services</h2></section>' +
      '<footer data-island="navbar"></footer>';
    expect(islandsAtOnce(html)).toEqual(['navbar', 'carousel']);
    expect(islandsAtOnce(html.replace(' data-island-later=""', ''))).toEqual([
      'navbar',
      'carousel',
      'services',
    ]);
  });
});
