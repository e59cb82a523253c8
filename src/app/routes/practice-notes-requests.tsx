import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { RequirePractitioner } from '../../features/practice/require-practitioner';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const NotesRequestsPage = lazyWhenSignedIn(() =>
  import('../../features/clinical/notes-requests-page').then((module) => ({
    default: module.NotesRequestsPage,
  })),
);

export default function PracticeNotesRequestsRoute() {
  return (
    <RequireSignIn>
      <RequirePractitioner>
        <Container className="pb-5">
          <PageHeading>Notes requests</PageHeading>
          <Suspense fallback={<LoadingScreen label="Loading the requests…" />}>
            <NotesRequestsPage />
          </Suspense>
        </Container>
      </RequirePractitioner>
    </RequireSignIn>
  );
}
