export { findWaitlistEntry } from './queries';
export { lapseWaitlist } from './lapse';
export { waitlistRoutes } from './routes';
export {
  endWaitOnRequest,
  endWaitsOnAccountDeleted,
  offerOnBlockRemoved,
  offerOnMove,
  offerOnSeriesFreed,
  offerOnStatusChange,
} from './reactions';
