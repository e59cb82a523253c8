import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { AccountPage } from '../../features/auth/account/account-page';

// The bookings list (and the API client) downloads only once a signed-in visitor is here.
const MyBookings = lazy(() =>
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
