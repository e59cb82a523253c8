import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { RequirePractitioner } from '../../features/practice/require-practitioner';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// A client's record (the chart and the API client) downloads only for the practitioner.
const ClientRecordPage = lazyWhenSignedIn(() =>
  import('../../features/clinical/client-record-page').then((module) => ({
    default: module.ClientRecordPage,
  })),
);

// A session's note, attendance and Join (the practice feature's), inside the record.
const SessionTools = lazy(() =>
  import('../../features/practice/session-tools').then((module) => ({
    default: module.SessionTools,
  })),
);

export default function PracticeClientRoute() {
  return (
    <RequireSignIn>
      <RequirePractitioner>
        <Container className="pb-5 client-record">
          <Suspense fallback={<LoadingScreen label="Loading the client’s record…" />}>
            <ClientRecordPage
              sessionTools={(booking, name, onMarked) => (
                <Suspense fallback={null}>
                  <SessionTools session={booking} collapsed name={name} onMarked={onMarked} />
                </Suspense>
              )}
            />
          </Suspense>
        </Container>
      </RequirePractitioner>
    </RequireSignIn>
  );
}
