import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// The payments code (and the API client) downloads once a verified visitor is here, or as the page
// loads in a browser signed in last time.
const BillingPage = lazyWhenSignedIn(() =>
  import('../../features/payments/billing-page').then((module) => ({
    default: module.BillingPage,
  })),
);

export default function BillingRoute() {
  return (
    <RequireVerifiedEmail>
      <Container className="pb-5 billing">
        <PageHeading>Billing</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading your payments…" />}>
          <BillingPage />
        </Suspense>
      </Container>
    </RequireVerifiedEmail>
  );
}
