import type { RouteTable } from '../platform/http/router';
import {
  joinWaitlistEndpoint,
  leaveWaitlistEndpoint,
  myWaitlist,
  practiceRemoveWaitlistEntry,
  practiceWaitlist,
  renewWaitlist,
} from './endpoints';

export const waitlistRoutes: RouteTable = {
  '/waitlist': { GET: myWaitlist, POST: joinWaitlistEndpoint },
  '/waitlist/:id': { DELETE: leaveWaitlistEndpoint },
  '/waitlist/:id/renew': { POST: renewWaitlist },
  '/practice/waitlist': { GET: practiceWaitlist },
  '/practice/waitlist/:id': { DELETE: practiceRemoveWaitlistEntry },
};
