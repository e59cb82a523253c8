export { deleteClientWaitlist, findWaitlistEntry } from './queries';
export { lapseWaitlist } from './lapse';
export { waitlistRoutes } from './routes';
export {
  endWaitOnRequest,
  offerOnBlockRemoved,
  offerOnMove,
  offerOnSeriesFreed,
  offerOnStatusChange,
} from './reactions';
