import { SeriesSchema, type SeriesRequest } from '../../../shared/booking';
import { apiRequest } from '../../lib/api';

/** POST /api/series: one request for a standing weekly or fortnightly time. */
export function requestSeries(request: SeriesRequest) {
  return apiRequest('/api/series', SeriesSchema, { method: 'POST', body: request });
}
