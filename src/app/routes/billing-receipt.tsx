import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const ReceiptPage = lazyWhenSignedIn(() =>
  import('../../features/payments/receipt-page').then((module) => ({
    default: module.ReceiptPage,
  })),
);

export default function BillingReceiptRoute() {
  return (
    <RequireVerifiedEmail>
      <Container className="pb-5 billing">
        <PageHeading>Receipt</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading the receipt…" />}>
          <ReceiptPage />
        </Suspense>
      </Container>
    </RequireVerifiedEmail>
  );
}
