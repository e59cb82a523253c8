export { deleteClientWaitlist, endWaitForService, findWaitlistEntry } from './queries';
export { lapseWaitlist } from './lapse';
export { offerFreedTimes } from './offers';
export { waitlistRoutes } from './routes';
export {
  endWaitOnRequest,
  offerOnBlockRemoved,
  offerOnMove,
  offerOnSeriesFreed,
  offerOnStatusChange,
} from './reactions';
