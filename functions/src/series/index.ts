export { clientSeries, findSeries, seriesWithStatus } from './queries';
export { rollSeries } from './roll-series';
export { seriesContext, seriesRequests } from './endpoints';
export { seriesRoutes } from './routes';
export type { SeriesEnded } from './events';
