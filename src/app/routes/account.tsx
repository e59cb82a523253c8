import { Suspense } from 'react';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { AccountPage } from '../../features/auth/account/account-page';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// The bookings list (and the API client) downloads once a signed-in visitor is here, or as the page
// loads in a browser signed in last time.
const MyBookings = lazyWhenSignedIn(() =>
  import('../../features/bookings/my-bookings').then((module) => ({ default: module.MyBookings })),
);

export default function AccountRoute() {
  return (
    <AccountPage
      bookings={
        <Suspense fallback={<LoadingScreen label="Loading your bookings…" />}>
          <MyBookings />
        </Suspense>
      }
    />
  );
}
