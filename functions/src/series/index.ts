export { clientSeries, findSeries, seriesWithStatus } from './queries';
export { rollSeries } from './roll-series';
export { seriesRequests } from './endpoints';
export { seriesContext, type SeriesContext } from './series-context';
export { seriesRoutes } from './routes';
export type {
  SeriesConfirmed,
  SeriesDeclined,
  SeriesEnded,
  SeriesRequested,
  SeriesWeekSkipped,
} from './events';
