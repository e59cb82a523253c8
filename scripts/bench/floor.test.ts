import { describe, expect, it } from 'vitest';
import { routeTable, type RouteEntry } from '../../src/config/routes.ts';
import {
  FLOOR_GOALS,
  FLOOR_PATH,
  floorMark,
  floorPage,
  signedOutGoal,
  timesFloor,
} from './floor.ts';
import { hydrationMarkdown, publicRoutes, type PageFigures } from './hydration-tables.ts';
import { gatedRoutes } from './signed-in.ts';

const entries = Object.values(routeTable as Record<string, RouteEntry>);
const routeOf = (entry: RouteEntry) => entry.canonicalPath ?? entry.path;

const blogs =
  '<html><head><template id="island-scripts"><link rel="modulepreload" href="/assets/navbar.js" />' +
  '</template></head><body><div id="root" data-islands><header class="sticky-top" ' +
  'data-island="navbar"><nav>Menu</nav></header><main><h1>Blog</h1></main></div></body></html>';

describe('the floor page', () => {
  const template = (islands: string[]) => `<template id="island-scripts">${islands}</template>`;

  it("keeps /blogs' first paint, its islands plain markup, and one empty island of its own", () => {
    const page = floorPage(blogs, template);
    expect(page).toContain('<header class="sticky-top"><nav>Menu</nav></header>');
    expect(page).toContain('<main><h1>Blog</h1></main>');
    expect([...page.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1])).toEqual(['floor']);
    expect(page).toContain('<div id="root" data-islands><div data-island="floor"></div><header');
  });

  it("names the floor island's scripts as the prerender names a page's islands", () => {
    const page = floorPage(blogs, template);
    expect(page).toContain('<template id="island-scripts">floor</template>');
    expect(page).not.toContain('navbar.js');
  });

  it('refuses a page that does not hydrate as islands', () => {
    expect(() => floorPage(blogs.replace(' data-islands', ''), template)).toThrow(
      /no data-islands/,
    );
    expect(() => floorPage(blogs.replace(/<template[\s\S]*<\/template>/, ''), template)).toThrow(
      /no island-scripts template/,
    );
  });

  it('is no route of the site', () => {
    expect(entries.map(routeOf)).not.toContain(FLOOR_PATH);
    expect(entries.map((entry) => entry.path)).not.toContain(FLOOR_PATH.slice(0, -1));
  });
});

describe('ratios to the floor', () => {
  it('prints a time as a ratio to the floor, and n/a without one', () => {
    expect(timesFloor(1320, 1200)).toBe('1.10×');
    expect(timesFloor(1200, NaN)).toBe('n/a');
    expect(timesFloor(NaN, 1200)).toBe('n/a');
  });

  it('marks a ratio against its goal, at the goal itself a pass', () => {
    expect(floorMark(1320, 1200, 1.1)).toBe('✓');
    expect(floorMark(1321, 1200, 1.1)).toBe('✗');
    expect(floorMark(1000, NaN, 1.1)).toBe('✗'); // no floor: no pass
    expect(floorMark(1000, 1200, undefined)).toBe('');
  });

  it("gives every page of content 1.10×, the app's other signed-out pages 1.25×, a gated page none", () => {
    const gated = new Set(gatedRoutes());
    for (const entry of entries.filter((each) => each.prerender && each.path !== '*')) {
      const route = routeOf(entry);
      const expected = gated.has(route)
        ? undefined
        : entry.content
          ? FLOOR_GOALS.content
          : FLOOR_GOALS.signedOutApp;
      expect(signedOutGoal(route, gated), route).toBe(expected);
    }
    expect(signedOutGoal('/blogs', new Set())).toBe(1.1);
    expect(signedOutGoal('/login', new Set())).toBe(1.25);
  });
});

const figures = (
  route: string,
  hydrated: number,
  extra: Partial<PageFigures> = {},
): PageFigures => {
  const median = {
    fcp: 300,
    lcp: 400,
    hydrated,
    tapAfterFcp: 100,
    tapHandled: 50,
    contentShown: NaN,
  };
  return { label: route, route, hasApp: true, runs: [median], median, scripts: [], ...extra };
};
const rowOf = (markdown: string, label: string) =>
  markdown.split('\n').find((line) => line.startsWith(`| ${label} |`));

describe("the hydration bench's tables", () => {
  const floor = figures(FLOOR_PATH, 1000, { label: 'floor (React alone)', floor: true });

  it('has a row for every page of the route table, each with its ratio to the floor', () => {
    expect(publicRoutes.sort()).toEqual(
      entries
        .filter((entry) => entry.prerender && entry.path !== '*')
        .map(routeOf)
        .sort(),
    );
    const markdown = hydrationMarkdown(
      [floor, ...publicRoutes.map((route) => figures(route, 1050))],
      5,
    );
    for (const route of publicRoutes) expect(rowOf(markdown, route), route).toContain('| 1.05× |');
    expect(rowOf(markdown, 'floor (React alone)')).toContain('| 1000 ms | 1.00× | the floor |');
    const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
    const cells = (line: string) => line.split('|').length;
    for (const row of rows) expect(cells(row), row).toBe(cells(rows[0] ?? ''));
  });

  it('passes or fails each goal by the ratio, not by the time', () => {
    const gated = new Set<string>();
    const pass = hydrationMarkdown(
      [floor, figures('/blogs', 1100), figures('/login', 1250)],
      5,
      gated,
    );
    expect(rowOf(pass, '/blogs')).toContain('| 1.10× | ≤ 1.10× ✓ |');
    expect(pass).toContain('- ✓ pages of content hydrated ≤ 1.10× the floor: /blogs 1.10×');
    expect(pass).toContain(
      '- ✓ pages of the app, signed out, hydrated ≤ 1.25× the floor: /login 1.25×',
    );
    const fail = hydrationMarkdown([floor, figures('/blogs', 1101)], 5, gated);
    expect(fail).toContain(
      '- pages of the app, signed out, hydrated ≤ 1.25× the floor: none measured',
    );
    expect(rowOf(fail, '/blogs')).toContain('≤ 1.10× ✗');
    expect(fail).toContain('- ✗ pages of content hydrated ≤ 1.10× the floor: /blogs 1.10×');
  });

  it('says so, and passes nothing, when no floor was measured', () => {
    const markdown = hydrationMarkdown([figures('/blogs', 500)], 5, new Set());
    expect(markdown).toContain('- ✗ the floor was not measured: no ratios');
    expect(rowOf(markdown, '/blogs')).toContain('| n/a | ≤ 1.10× ✗ |');
  });

  it("reports a signed-in page's content shown as a ratio to the floor, against 1.6×", () => {
    const signedIn = (route: string, contentShown: number) => {
      const page = figures(route, 900, { signedIn: { as: 'client', shows: 'main' } });
      return { ...page, median: { ...page.median, contentShown } };
    };
    const markdown = hydrationMarkdown(
      [floor, signedIn('/account', 1600), signedIn('/bookings', 1700)],
      5,
      new Set(),
    );
    expect(rowOf(markdown, '/account')).toContain('| 1600 ms | 1.60× | ✓ |');
    expect(rowOf(markdown, '/bookings')).toContain('| 1700 ms | 1.70× | ✗ |');
    expect(markdown).toContain('- ✗ content shown ≤ 1.60× the floor on every signed-in page');
  });
});
