import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { RegisterForm } from '../../features/auth/register-form';
import { BookingReason } from '../booking-reason';

export default function RegisterRoute() {
  return (
    <Container className="pb-5">
      <PageHeading>Please Register</PageHeading>
      <BookingReason />
      <RegisterForm />
    </Container>
  );
}
