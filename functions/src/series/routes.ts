import type { RouteTable } from '../platform/http/router';
import { confirmSeries, createSeries, declineSeries } from './endpoints';
import { endSeries, practiceEndSeries } from './end-series';

export const seriesRoutes: RouteTable = {
  // GET /series composes payments and participants: payments/my-series.ts serves it.
  '/series': { POST: createSeries },
  '/series/:id/confirm': { POST: confirmSeries },
  '/series/:id/decline': { POST: declineSeries },
  '/series/:id/end': { POST: endSeries },
  '/practice/series/:id/end': { POST: practiceEndSeries },
};
