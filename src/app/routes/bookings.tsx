import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';

// Booking code (and the API client) downloads only once a signed-in visitor is here.
const MyBookings = lazy(() =>
  import('../../features/bookings/my-bookings').then((module) => ({ default: module.MyBookings })),
);

export default function BookingsRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 my-bookings">
        <PageHeading>My bookings</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading your bookings…" />}>
          <MyBookings />
        </Suspense>
      </Container>
    </RequireSignIn>
  );
}
