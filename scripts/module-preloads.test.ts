import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  islandsAtOnce,
  islandScripts,
  modulePreloads,
  SESSION_SCRIPTS_ID,
} from './module-preloads.ts';

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
    const { named: tags, hinted } = modulePreloads(dist)({ module: 'home' });
    expect(hinted).toBe('');
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
    expect(hrefs(modulePreloads(dist)({ module: 'about' }).named)).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/about.js',
    ]);
  });

  it('add the identity SDK and what it imports, last, for a page whose own use needs it at once', () => {
    const { named, hinted } = modulePreloads(dist)({ module: 'about', identity: 'always' });
    expect(hrefs(named)).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/about.js',
      '/assets/firebase.js',
      '/assets/auth.js',
    ]);
    expect(hinted).toBe('');
  });

  it("keep the identity SDK's own scripts inert, for a browser signed in last time, on a page that reads the session", () => {
    const withShared = distWith({
      'src/main.tsx': { file: 'assets/main.js', imports: ['_env.js'] },
      '_env.js': { file: 'assets/env.js' },
      'src/app/routes/login.tsx': { file: 'assets/login.js' },
      'src/lib/firebase.ts': { file: 'assets/firebase.js', imports: ['_env.js', '_auth.js'] },
      '_auth.js': { file: 'assets/auth.js' },
    });
    const { named, hinted } = modulePreloads(withShared)({ module: 'login', identity: 'hinted' });
    expect(hrefs(named)).toEqual(['/assets/main.js', '/assets/env.js', '/assets/login.js']);
    expect(hinted).toMatch(
      new RegExp(
        `^<template id="${SESSION_SCRIPTS_ID}">(<link rel="modulepreload" crossorigin fetchpriority="low" href="[^"]+" />)+</template>$`,
      ),
    );
    // What the app names already is not named twice.
    expect(hrefs(hinted)).toEqual(['/assets/firebase.js', '/assets/auth.js']);
    expect(SESSION_SCRIPTS_ID).toBe('session-scripts'); // the boot loader's (src/app/boot-loader.ts)
  });

  it("keep the page's signed-in content beside the SDK, for a browser signed in last time", () => {
    // src/app/routes/bookings.tsx loads My bookings and what is due with lazyWhenSignedIn.
    const bookings = distWith({
      'src/main.tsx': { file: 'assets/main.js', imports: ['_framework.js'] },
      '_framework.js': { file: 'assets/framework.js' },
      'src/app/routes/bookings.tsx': {
        file: 'assets/bookings.js',
        imports: ['_framework.js'],
        dynamicImports: [
          'src/features/bookings/my-bookings.tsx',
          'src/features/clinical/clinical-reminders.tsx',
        ],
      },
      'src/features/bookings/my-bookings.tsx': {
        file: 'assets/my-bookings.js',
        imports: ['_framework.js', '_api.js'],
      },
      'src/features/clinical/clinical-reminders.tsx': {
        file: 'assets/clinical-reminders.js',
        imports: ['_api.js'],
      },
      '_api.js': { file: 'assets/api.js', imports: ['src/lib/firebase.ts'] },
      'src/lib/firebase.ts': { file: 'assets/firebase.js' },
    });
    const { named, hinted } = modulePreloads(bookings)({ module: 'bookings', identity: 'hinted' });
    expect(hrefs(named)).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/bookings.js',
    ]);
    expect(hrefs(hinted)).toEqual([
      '/assets/firebase.js',
      '/assets/my-bookings.js',
      '/assets/api.js',
      '/assets/clinical-reminders.js',
    ]);
    // A page without signed-in content (log in) keeps the SDK alone.
    expect(hrefs(modulePreloads(dist)({ module: 'home', identity: 'hinted' }).hinted)).toEqual([
      '/assets/firebase.js',
      '/assets/auth.js',
    ]);
  });

  it("names the content's stylesheets and the stored session's reader too, where its early reads need them", () => {
    // The bundler asks for a lazy chunk's stylesheets as it is imported, and runs it only once
    // they have loaded: named beside its scripts, they are not a round trip after them.
    const billing = distWith({
      'src/main.tsx': {
        file: 'assets/main.js',
        imports: ['_framework.js'],
        css: ['assets/app.css'],
      },
      '_framework.js': { file: 'assets/framework.js' },
      'src/app/routes/billing.tsx': { file: 'assets/billing.js', imports: ['_framework.js'] },
      'src/app/routes/login.tsx': { file: 'assets/login.js', imports: ['_framework.js'] },
      'src/features/payments/billing-page.tsx': {
        file: 'assets/billing-page.js',
        imports: ['_framework.js', '_badge.js'],
        css: ['assets/billing-page.css', 'assets/app.css'],
      },
      '_badge.js': { file: 'assets/badge.js', css: ['assets/badge.css'] },
      'src/lib/stored-session.ts': { file: 'assets/stored-session.js' },
      'src/lib/firebase.ts': { file: 'assets/firebase.js' },
    });
    const { hinted } = modulePreloads(billing)({ module: 'billing', identity: 'hinted' });
    expect(hrefs(hinted)).toEqual([
      '/assets/firebase.js',
      '/assets/stored-session.js',
      '/assets/billing-page.js',
      '/assets/badge.js',
      // Not the app's own stylesheet, which the app loads itself.
      '/assets/billing-page.css',
      '/assets/badge.css',
    ]);
    expect(hinted).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/billing-page.css" />',
    );
    // A page without signed-in content has no early reads: the SDK alone.
    expect(hrefs(modulePreloads(billing)({ module: 'login', identity: 'hinted' }).hinted)).toEqual([
      '/assets/firebase.js',
    ]);
    // A page that opens on the stored session: its content and the reader, the SDK after them.
    expect(
      hrefs(modulePreloads(billing)({ module: 'billing', identity: 'stored' }).hinted),
    ).toEqual([
      '/assets/stored-session.js',
      '/assets/billing-page.js',
      '/assets/badge.js',
      '/assets/billing-page.css',
      '/assets/badge.css',
    ]);
  });

  it('find the identity SDK by its chunk name when the manifest keys it by its file', () => {
    const keyedByFile = distWith({
      'src/main.tsx': { file: 'assets/main.js' },
      'src/app/routes/login.tsx': { file: 'assets/login.js' },
      '_firebase-x1.js': { file: 'assets/firebase-x1.js', name: 'firebase', imports: ['_env.js'] },
      '_env.js': { file: 'assets/env.js' },
    });
    expect(
      hrefs(modulePreloads(keyedByFile)({ module: 'login', identity: 'always' }).named),
    ).toEqual(['/assets/main.js', '/assets/login.js', '/assets/firebase-x1.js', '/assets/env.js']);
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
