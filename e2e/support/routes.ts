import { PRERENDERED_PATHS } from '../../src/app/seo';

// TODO(route table): read the routes from the route table once it exists.
/** Every route of the site, and one path that is none of them (the 404 page). */
export const ROUTES: readonly string[] = PRERENDERED_PATHS;
export const UNKNOWN_PATH = '/no-such-page';
