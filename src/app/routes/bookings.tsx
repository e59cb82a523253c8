import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { useGateAccount } from '../../lib/gate-account';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// Booking code (and the API client) downloads once a signed-in visitor is here, or as the page
// loads in a browser signed in last time.
const MyBookings = lazyWhenSignedIn(() =>
  import('../../features/bookings/my-bookings').then((module) => ({ default: module.MyBookings })),
);
const ClinicalReminders = lazyWhenSignedIn(() =>
  import('../../features/clinical/clinical-reminders').then((module) => ({
    default: module.ClinicalReminders,
  })),
);

/** "Intake to do" and "Questionnaire due": the clinical record is for verified accounts only. */
function WhatIsDue() {
  if (!useGateAccount().emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <ClinicalReminders />
    </Suspense>
  );
}

export default function BookingsRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 my-bookings">
        <PageHeading>My bookings</PageHeading>
        <WhatIsDue />
        <Suspense fallback={<LoadingScreen label="Loading your bookings…" />}>
          <MyBookings />
        </Suspense>
      </Container>
    </RequireSignIn>
  );
}
