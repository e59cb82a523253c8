import { lazy, Suspense, useEffect, useState } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import type { MoveSlotProps } from '../../features/practice/move-slot';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// The diary's code downloads once a signed-in visitor is here, or as the page loads in a browser
// signed in last time.
const PracticePage = lazyWhenSignedIn(() =>
  import('../../features/practice/practice-page').then((module) => ({
    default: module.PracticePage,
  })),
);

// The clinical risk flags, rendered only inside the diary's practitioner gate (the API refuses
// anyone else); downloaded with the diary, so that they render with it.
const RiskFlags = lazyWhenSignedIn(() =>
  import('../../features/clinical/risk-flags').then((module) => ({
    default: module.RiskFlags,
  })),
);

// The checkout's time picker in a dialog, for Move in the diary: downloaded once the diary is on
// screen, and rendered from the first Move on. Rendered from the start, it suspended as the diary
// first rendered, and React held the diary back until the dialog's code had come.
const loadMoveDialog = () =>
  import('../../features/bookings/move-dialog').then((module) => ({
    default: module.MoveDialog,
  }));
const MoveDialog = lazy(loadMoveDialog);

function MoveWhenAsked(props: MoveSlotProps) {
  const [asked, setAsked] = useState(false);
  if (props.session && !asked) setAsked(true);
  useEffect(() => {
    loadMoveDialog().catch(() => undefined); // a failure shows when Move is chosen
  }, []);
  if (!asked && !props.session) return null;
  return (
    <Suspense fallback={null}>
      <MoveDialog {...props} forPractitioner />
    </Suspense>
  );
}

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
            moveDialog={(props) => <MoveWhenAsked {...props} />}
          />
        </Suspense>
      </Container>
    </RequireSignIn>
  );
}
