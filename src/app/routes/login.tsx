import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { LoginForm } from '../../features/auth/login-form';
import { BookingReason } from '../booking-reason';

export default function LoginRoute() {
  return (
    <Container className="pb-5">
      <PageHeading>Please Log In</PageHeading>
      <BookingReason />
      <LoginForm />
    </Container>
  );
}
