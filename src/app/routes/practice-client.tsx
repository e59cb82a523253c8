import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { RequirePractitioner } from '../../features/practice/require-practitioner';

// A client's record (the chart and the API client) downloads only for the practitioner.
const ClientRecordPage = lazy(() =>
  import('../../features/clinical/client-record-page').then((module) => ({
    default: module.ClientRecordPage,
  })),
);

export default function PracticeClientRoute() {
  return (
    <RequireSignIn>
      <RequirePractitioner>
        <Container className="pb-5 client-record">
          <Suspense fallback={<LoadingScreen label="Loading the client’s record…" />}>
            <ClientRecordPage />
          </Suspense>
        </Container>
      </RequirePractitioner>
    </RequireSignIn>
  );
}
