import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { RequireSignIn } from '../../features/auth/require-sign-in';

// The diary's code downloads only once a signed-in visitor is here.
const PracticePage = lazy(() =>
  import('../../features/practice/practice-page').then((module) => ({
    default: module.PracticePage,
  })),
);

export default function PracticeRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 practice-diary">
        <Suspense fallback={<LoadingScreen />}>
          <PracticePage />
        </Suspense>
      </Container>
    </RequireSignIn>
  );
}
