import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// The intake form (and the API client) downloads once a verified visitor is here, or as the page
// loads in a browser signed in last time.
const IntakePage = lazyWhenSignedIn(() =>
  import('../../features/clinical/intake-page').then((module) => ({
    default: module.IntakePage,
  })),
);

export default function IntakeRoute() {
  return (
    <RequireVerifiedEmail>
      <Container className="pb-5 clinical-page">
        <PageHeading>Before your first session</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading your details…" />}>
          <IntakePage />
        </Suspense>
      </Container>
    </RequireVerifiedEmail>
  );
}
