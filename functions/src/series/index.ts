export { clientSeries, findSeries, seriesWithStatus } from './queries';
export { rollSeries } from './roll-series';
export { seriesRequests } from './endpoints';
export { seriesContext } from './series-context';
export { seriesRoutes } from './routes';
export type { SeriesDeclined, SeriesEnded, SeriesRequested, SeriesWeekSkipped } from './events';
