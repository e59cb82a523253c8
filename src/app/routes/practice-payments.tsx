import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { RequirePractitioner } from '../../features/practice/require-practitioner';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const PaymentsView = lazyWhenSignedIn(() =>
  import('../../features/practice/payments-view').then((module) => ({
    default: module.PaymentsView,
  })),
);

export default function PracticePaymentsRoute() {
  return (
    <RequireSignIn>
      <RequirePractitioner>
        <Container className="pb-5 practice-payments">
          <PageHeading>Payments</PageHeading>
          <Suspense fallback={<LoadingScreen label="Loading the month’s payments…" />}>
            <PaymentsView />
          </Suspense>
        </Container>
      </RequirePractitioner>
    </RequireSignIn>
  );
}
