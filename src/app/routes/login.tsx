import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { LoginForm } from '../../features/auth/login-form';

export default function LoginRoute() {
  return (
    <Container className="pb-5">
      <PageHeading>Please Log In</PageHeading>
      <LoginForm />
    </Container>
  );
}
