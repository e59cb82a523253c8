import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { MyBookings } from '../../features/bookings/my-bookings';

export default function BookingsRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 my-bookings">
        <PageHeading>My bookings</PageHeading>
        <MyBookings />
      </Container>
    </RequireSignIn>
  );
}
