import type { RouteTable } from '../platform/http/router';
import { confirmSeries, declineSeries } from './endpoints';
import { endSeries, practiceEndSeries } from './end-series';

export const seriesRoutes: RouteTable = {
  // GET /series composes payments and participants (payments/my-series.ts); POST /series
  // answers with the party's places (participants/request-with-party.ts; requestSeries here).
  '/series/:id/confirm': { POST: confirmSeries },
  '/series/:id/decline': { POST: declineSeries },
  '/series/:id/end': { POST: endSeries },
  '/practice/series/:id/end': { POST: practiceEndSeries },
};
