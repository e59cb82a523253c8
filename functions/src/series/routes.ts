import type { RouteTable } from '../platform/http/router';
import { confirmSeries, createSeries, declineSeries, listSeries } from './endpoints';
import { endSeries, practiceEndSeries } from './end-series';

export const seriesRoutes: RouteTable = {
  '/series': { GET: listSeries, POST: createSeries },
  '/series/:id/confirm': { POST: confirmSeries },
  '/series/:id/decline': { POST: declineSeries },
  '/series/:id/end': { POST: endSeries },
  '/practice/series/:id/end': { POST: practiceEndSeries },
};
