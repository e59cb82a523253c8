// React's own floor: beside the measured site, the bench serves a copy of /blogs (the same first
// paint) whose one island hydrates an empty element (src/app/islands/floor.tsx). Its boot loader,
// boot script, islands entry and island-scripts template are the build's own, as on every page of
// content, so it hydrates as soon as React itself can arrive and run; every table reports each
// page's hydration as a ratio to it, measured in the same run (the machine's speed cancels out).
import fs from 'node:fs';
import path from 'node:path';
import { routeTable, type RouteEntry } from '../../src/config/routes.ts';
import { islandScripts } from '../module-preloads.ts';

/** Where the bench writes the floor page inside a built site (no route of the site's). */
export const FLOOR_PATH = '/bench-floor/';
/** The page whose first paint the floor copies. */
export const FLOOR_COPIES: string = routeTable.blogs.path;

const TEMPLATE = /<template id="island-scripts">[\s\S]*?<\/template>/;

/**
 * The floor page from a prerendered page of content: its islands made plain markup, one empty
 * island (`floor`) added at the start of #root, and its island-scripts template written anew for
 * that island, as the prerender writes it (`islandScripts`).
 */
export function floorPage(contentPage: string, template: (islands: string[]) => string): string {
  if (!/<div id="root"[^>]*\bdata-islands\b[^>]*>/.test(contentPage))
    throw new Error('The floor copies a page of content: its #root has no data-islands.');
  if (!TEMPLATE.test(contentPage))
    throw new Error('The floor copies a page of content: it has no island-scripts template.');
  return contentPage
    .replace(/ data-island="[\w-]+"/g, '')
    .replace(TEMPLATE, () => template(['floor']))
    .replace(/<div id="root"[^>]*>/, (root) => `${root}<div data-island="floor"></div>`);
}

/** Writes the floor page into a built site, from its manifest (the prerender, for the bench's build). */
export function writeFloorPage(siteDir: string): void {
  const source = path.join(siteDir, FLOOR_COPIES, 'index.html');
  const html = floorPage(fs.readFileSync(source, 'utf8'), islandScripts(siteDir));
  const target = path.join(siteDir, FLOOR_PATH, 'index.html');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, html);
}

/**
 * The floor page's path in a built site, if its build wrote one (the bench's builds do; a build
 * without it, such as `--site` of another build, is measured without ratios, and says so).
 */
export function floorPathIn(siteDir: string): string | undefined {
  if (fs.existsSync(path.join(siteDir, FLOOR_PATH, 'index.html'))) return FLOOR_PATH;
  console.error(
    `No floor page in ${siteDir} (a build by the bench has one): the tables have no × floor.`,
  );
  return undefined;
}

/** The goals, as ratios to the floor's median in the same run (issue 48). */
export const FLOOR_GOALS = {
  /** Pages of content (`content: true`), hydrated. */
  content: 1.1,
  /** The pages of the app a visitor opens signed out, hydrated. */
  signedOutApp: 1.25,
  /** Every signed-in page's own content shown, signed in. */
  signedInContent: 1.6,
};

/**
 * The goal of a page measured signed out, as a ratio to the floor: a page of content's or a page
 * of the app's. A page behind the sign-in gate has none signed out: its goal is the signed-in one.
 */
export function signedOutGoal(route: string, gated: ReadonlySet<string>): number | undefined {
  if (gated.has(route)) return undefined;
  const entry = Object.values(routeTable as Record<string, RouteEntry>).find(
    (each) => (each.canonicalPath ?? each.path) === route,
  );
  if (!entry) return undefined;
  return entry.content ? FLOOR_GOALS.content : FLOOR_GOALS.signedOutApp;
}

/** A time as a ratio to the floor's, as the tables print it. */
export function timesFloor(value: number, floor: number): string {
  const ratio = value / floor;
  return Number.isFinite(ratio) && floor > 0 ? `${ratio.toFixed(2)}×` : 'n/a';
}

/** Whether a time meets its goal as a ratio to the floor (✓, ✗, or blank without a goal). */
export function floorMark(value: number, floor: number, goal: number | undefined): string {
  if (goal === undefined) return '';
  return value / floor <= goal ? '✓' : '✗';
}
