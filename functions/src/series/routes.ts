import type { RouteTable } from '../platform/http/router';
import {
  confirmSeries,
  createSeries,
  declineSeries,
  endSeries,
  listSeries,
  practiceEndSeries,
} from './endpoints';

export const seriesRoutes: RouteTable = {
  '/series': { GET: listSeries, POST: createSeries },
  '/series/:id/confirm': { POST: confirmSeries },
  '/series/:id/decline': { POST: declineSeries },
  '/series/:id/end': { POST: endSeries },
  '/practice/series/:id/end': { POST: practiceEndSeries },
};
