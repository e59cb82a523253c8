export { clientSeries, findSeries, seriesWithStatus, skipsOf } from './queries';
export { rollSeries } from './roll-series';
export { requestSeries } from './endpoints';
export { seriesContext, type SeriesContext } from './series-context';
export { seriesRoutes } from './routes';
export { seriesView } from './series-view';
export type {
  SeriesConfirmed,
  SeriesDeclined,
  SeriesEnded,
  SeriesRequested,
  SeriesWeekSkipped,
} from './events';
