export { deleteClientWaitlist, endWaitForService, findWaitlistEntry } from './queries';
export { lapseWaitlist } from './lapse';
export { offerFreedTimes } from './offers';
export { waitlistRoutes } from './routes';
