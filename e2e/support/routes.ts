import { routeForPath, routeTable, type RouteEntry } from '../../src/config/routes';

// Every route of the site comes from the route table; one path that is none of them (the 404 page).
export { prerenderedPaths as ROUTES, unknownPath as UNKNOWN_PATH } from '../../src/config/routes';

/** The address search engines are given for a page. */
const canonicalOf = (entry: RouteEntry) => entry.canonicalPath ?? entry.path;

/** Every page the build writes (the not-found page aside), once each. */
const pages: RouteEntry[] = Object.values(routeTable).filter(
  (entry: RouteEntry) => entry.prerender && entry.path !== '*',
);

/** Pages search engines may index, at their canonical address (`/`, not `/home`). */
export const INDEXABLE_PATHS: string[] = pages.filter((entry) => entry.indexable).map(canonicalOf);

/** Pages kept out of search engines (account and booking pages), at their canonical address. */
export const NOINDEX_PATHS: string[] = pages.filter((entry) => !entry.indexable).map(canonicalOf);

/** The canonical address of the page a path shows (`/home` → `/`). */
export const canonicalPathOf = (path: string): string => canonicalOf(routeForPath(path));
