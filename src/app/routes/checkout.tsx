import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { PaymentLoading } from '../../features/bookings/payment-loading';
import { useServices } from '../../features/services/use-services';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// The booking code (and the API client) downloads once a verified visitor is here, or as the page
// loads in a browser signed in last time.
const BookingSection = lazyWhenSignedIn(() =>
  import('../../features/bookings/booking-section').then((module) => ({
    default: module.BookingSection,
  })),
);

function CheckoutPage() {
  const { state } = useServices();
  return (
    <Container className="text-center pb-5 checkout">
      <PageHeading>CheckOut Section</PageHeading>
      <Suspense fallback={<PaymentLoading />}>
        <BookingSection services={state} />
      </Suspense>
    </Container>
  );
}

export default function CheckoutRoute() {
  return (
    <RequireVerifiedEmail>
      <CheckoutPage />
    </RequireVerifiedEmail>
  );
}
