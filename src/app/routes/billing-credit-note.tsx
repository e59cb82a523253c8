import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const CreditNotePage = lazyWhenSignedIn(() =>
  import('../../features/payments/receipt-page').then((module) => ({
    default: module.CreditNotePage,
  })),
);

export default function BillingCreditNoteRoute() {
  return (
    <RequireVerifiedEmail>
      <Container className="pb-5 billing">
        <PageHeading>Credit note</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading the credit note…" />}>
          <CreditNotePage />
        </Suspense>
      </Container>
    </RequireVerifiedEmail>
  );
}
