import type { RouteTable } from '../platform/http/router';
import { seedHeldSession } from './held-session';
import { seedPracticeIdle } from './practice-idle';

/**
 * What the browser tests' stack adds to the API so that a test can have what the wall clock
 * cannot give it (a session already held, half an hour without a practice request). Never in the route table (routes.ts): functions/src/index.ts
 * adds it only when the settings ask for it, which production refuses (platform/settings.ts).
 */
export const seedingRoutes: RouteTable = {
  '/seeding/held-session': { POST: seedHeldSession },
  '/seeding/practice-idle': { POST: seedPracticeIdle },
};
