import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// The diary's code downloads once a signed-in visitor is here, or as the page loads in a browser
// signed in last time.
const PracticePage = lazyWhenSignedIn(() =>
  import('../../features/practice/practice-page').then((module) => ({
    default: module.PracticePage,
  })),
);

// The clinical risk flags, rendered only inside the diary's practitioner gate (the API refuses anyone else).
const RiskFlags = lazy(() =>
  import('../../features/clinical/risk-flags').then((module) => ({
    default: module.RiskFlags,
  })),
);

// The checkout's time picker in a dialog, for Move in the diary.
const MoveDialog = lazy(() =>
  import('../../features/bookings/move-dialog').then((module) => ({
    default: module.MoveDialog,
  })),
);

export default function PracticeRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 practice-diary">
        <Suspense fallback={<LoadingScreen />}>
          <PracticePage
            notices={
              // Its own boundary: the flags arrive without holding back the diary.
              <Suspense fallback={null}>
                <RiskFlags />
              </Suspense>
            }
            moveDialog={(props) => (
              <Suspense fallback={null}>
                <MoveDialog {...props} forPractitioner />
              </Suspense>
            )}
          />
        </Suspense>
      </Container>
    </RequireSignIn>
  );
}
