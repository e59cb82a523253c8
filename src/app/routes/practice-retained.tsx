import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { RequirePractitioner } from '../../features/practice/require-practitioner';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const RetainedRecordsPage = lazyWhenSignedIn(() =>
  import('../../features/clinical/retained-records-page').then((module) => ({
    default: module.RetainedRecordsPage,
  })),
);

export default function PracticeRetainedRoute() {
  return (
    <RequireSignIn>
      <RequirePractitioner>
        <Container className="pb-5">
          <Suspense fallback={<LoadingScreen label="Loading the retained records…" />}>
            <RetainedRecordsPage />
          </Suspense>
        </Container>
      </RequirePractitioner>
    </RequireSignIn>
  );
}
