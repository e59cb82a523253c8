import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

// An invitation is bound to a verified address: the gate asks to sign in (or register) and
// verify first, then comes back here.
const InvitationsPage = lazyWhenSignedIn(() =>
  import('../../features/participants/invitations-page').then((module) => ({
    default: module.InvitationsPage,
  })),
);

export default function InvitationsRoute() {
  return (
    <RequireVerifiedEmail>
      <Container className="pb-5 invitations-page">
        <PageHeading>Your invitations</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading your invitations…" />}>
          <InvitationsPage />
        </Suspense>
      </Container>
    </RequireVerifiedEmail>
  );
}
