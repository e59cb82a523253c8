import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { useService } from '../../features/services/use-service';

const SPINNER_VARIANTS = ['success', 'primary', 'secondary', 'dark'] as const;

function CheckoutPage() {
  const [params] = useSearchParams();
  const service = useService(params.get('service'));
  return (
    <Container className="text-center pb-5">
      <PageHeading>CheckOut Section</PageHeading>
      {service && (
        <p className="fs-5">
          You are booking: <strong>{service.name}</strong>
        </p>
      )}
      <p role="status">Going to the payment section</p>
      <div className="spinner-row" aria-hidden="true">
        {SPINNER_VARIANTS.map((variant) => (
          <Spinner key={variant} animation="grow" variant={variant} />
        ))}
      </div>
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
