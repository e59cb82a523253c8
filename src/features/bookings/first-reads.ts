import { opensForAnySignedIn, readWhenSignedIn } from '../../lib/early-reads';
import { fetchMyBookings } from './bookings-api';
import { fetchMySeries } from './series-api';
import { fetchMyWaitlist } from './waitlist-api';

// My bookings' first reads, free of React so that the boot script can start them while React
// downloads (src/app/page-reads.ts); the lists' hooks read them under the same keys.

export const MY_BOOKINGS = 'my-bookings';
export const loadMyBookings = (signal: AbortSignal) =>
  Promise.all([fetchMyBookings(signal), fetchMySeries(signal)]).then(
    ([{ bookings }, { series }]) => ({ bookings, series, at: Date.now() }),
  );

export const MY_WAITLIST = 'my-waitlist';
export const loadMyWaitlist = (signal: AbortSignal) =>
  fetchMyWaitlist(signal).then(({ entries }) => ({ entries, at: Date.now() }));

// Asked as the session is restored, while the page hydrates (src/lib/early-reads.ts).
readWhenSignedIn(MY_BOOKINGS, loadMyBookings, opensForAnySignedIn);
readWhenSignedIn(MY_WAITLIST, loadMyWaitlist, opensForAnySignedIn);
