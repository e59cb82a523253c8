import { useState, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { PageHeading } from '../../../components/layout/page-heading';
import { RequireSignedIn } from '../require-verified-email';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DisplayNameForm } from './display-name-form';
import { ProfileSummary } from './profile-summary';

/**
 * /account: the visitor's details and what they can change. `bookings` is the bookings
 * feature's list, composed by the route (features do not import each other).
 */
export function AccountPage({ bookings }: { bookings?: ReactNode }) {
  // Deleting signs out; the page then leaves for / rather than sending the visitor to log in.
  const [leaving, setLeaving] = useState(false);

  return (
    <RequireSignedIn whenSignedOut={leaving ? <LoadingScreen /> : undefined}>
      {(user, emailVerified) => (
        <Container className="account-page pb-5">
          <PageHeading>My account</PageHeading>
          <ProfileSummary user={user} emailVerified={emailVerified} />
          {bookings && (
            <section className="account-section" aria-labelledby="bookings-heading">
              <h2 id="bookings-heading">My bookings</h2>
              {bookings}
            </section>
          )}
          <DisplayNameForm user={user} />
          <ChangeEmailForm user={user} />
          <ChangePasswordForm user={user} />
          <DeleteAccount user={user} onLeaving={setLeaving} />
        </Container>
      )}
    </RequireSignedIn>
  );
}
