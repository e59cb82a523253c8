import { useEffect, useState, type ReactNode } from 'react';
import { LazyPart } from '../../../components/layout/lazy-part';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { PageHeading } from '../../../components/layout/page-heading';
import { paths } from '../../../config/routes';
import type { User } from '../../../lib/firebase';

type Claims = Record<string, unknown>;
import {
  lazyPrefetched,
  useAfterFirstContent,
  usePrefetchAfterFirstContent,
} from '../../../lib/lazy-prefetched';
import type { StoredProfile } from '../../../lib/stored-session';
import { RequireAccount } from '../require-verified-email';
import { useSession } from '../session';
import { ProfileSummary } from './profile-summary';
import { TEXT_REMINDERS_LOADING } from './text-reminders-loading';

// Text reminders check a mobile number with libphonenumber (about 35 kB gz), and the forms act
// through the identity SDK: their code comes after the account's own facts, bookings and links,
// not beside them.
const TextRemindersForm = lazyPrefetched(() =>
  import('./text-reminders-form').then((module) => ({ default: module.TextRemindersForm })),
);
const AccountForms = lazyPrefetched(() =>
  import('./account-forms').then((module) => ({ default: module.AccountForms })),
);

/** A link to the diary for the practitioner's account (the claim is in the ID token). */
export function DiaryLink({
  user,
  storedClaims,
}: {
  user: User | undefined;
  storedClaims?: Claims;
}) {
  // The stored claims only until the SDK has the user: then its token alone says so.
  const [confirmed, setConfirmed] = useState(false);
  const practitioner = user ? confirmed : storedClaims?.practitioner === true;
  useEffect(() => {
    if (!user) return;
    let current = true;
    user.getIdTokenResult().then(
      (token) => current && setConfirmed(token.claims.practitioner === true),
      () => current && setConfirmed(false),
    );
    return () => {
      current = false;
    };
  }, [user]);
  if (!practitioner) return null;
  return (
    <p className="account-section">
      You are the practitioner: <Link to={paths.practice}>open the diary</Link> to answer requests
      and see the week.
    </p>
  );
}

const remindersLoading = <p role="status">{TEXT_REMINDERS_LOADING}</p>;

/**
 * /account: the visitor's details and what they can change. `bookings` is the bookings
 * feature's list, composed by the route (features do not import each other).
 */
export function AccountPage({ bookings }: { bookings?: ReactNode }) {
  // Deleting signs out; the page then leaves for / rather than sending the visitor to log in.
  const [leaving, setLeaving] = useState(false);

  return (
    <RequireAccount whenSignedOut={leaving ? <LoadingScreen /> : undefined}>
      {({ emailVerified, storedClaims, storedProfile }) => (
        <AccountContent
          emailVerified={emailVerified}
          storedClaims={storedClaims}
          storedProfile={storedProfile}
          bookings={bookings}
          onLeaving={setLeaving}
        />
      )}
    </RequireAccount>
  );
}

/**
 * The page itself: the account's details, bookings and links at once, from the session stored in
 * this browser where the page opened on it; the forms, which act through the identity SDK, once
 * the SDK has restored the session.
 */
function AccountContent({
  emailVerified,
  storedClaims,
  storedProfile,
  bookings,
  onLeaving,
}: {
  emailVerified: boolean;
  storedClaims?: Claims;
  storedProfile?: StoredProfile;
  bookings?: ReactNode;
  onLeaving: (leaving: boolean) => void;
}) {
  const { session } = useSession();
  usePrefetchAfterFirstContent(AccountForms.prefetch);
  const afterContent = useAfterFirstContent();
  const user = session.status === 'signed-in' ? session.user : undefined;
  const profile = user ?? storedProfile;
  if (!profile) return <LoadingScreen />;
  return (
    <Container className="account-page pb-5">
      <PageHeading>My account</PageHeading>
      <ProfileSummary profile={profile} user={user} emailVerified={emailVerified} />
      <DiaryLink user={user} storedClaims={storedClaims} />
      {bookings && (
        <section className="account-section" aria-labelledby="bookings-heading">
          <h2 id="bookings-heading">My bookings</h2>
          {bookings}
        </section>
      )}
      {emailVerified &&
        (afterContent ? (
          <LazyPart loading={remindersLoading}>
            <TextRemindersForm />
          </LazyPart>
        ) : (
          remindersLoading
        ))}
      <section className="account-section" aria-labelledby="record-heading">
        <h2 id="record-heading">Your record</h2>
        <ul>
          <li>
            <Link to={paths.intake}>Before your first session: your details and agreement</Link>
          </li>
          <li>
            <Link to={paths.questionnaires}>Questionnaires</Link>
          </li>
          <li>
            <Link to={paths.billing}>Billing</Link>: your plans, payments and receipts
          </li>
          <li>
            <Link to={paths.myData}>Download my data</Link>: everything we hold about you
          </li>
        </ul>
      </section>
      <section className="account-section" aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">Passkeys and sign-in</h2>
        <p>
          <Link to={paths.passkeys}>Passkeys and sign-in</Link>: sign in with your fingerprint, face
          or device PIN, or sign out of every browser and device.
        </p>
      </section>
      {user && (
        <LazyPart>
          <AccountForms user={user} onLeaving={onLeaving} />
        </LazyPart>
      )}
    </Container>
  );
}
