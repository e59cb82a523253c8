import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { User } from '../../../lib/firebase';
import type { StoredProfile } from '../../../lib/stored-session';
import { loadFirebase } from '../../../lib/load-firebase';
import { showToast } from '../../../lib/toast';
import { paths } from '../../../config/routes';
import { continueTo } from '../action-link';
import { AuthErrorText } from '../auth-error-text';
import { useAuthAction } from '../use-auth-action';
import { formatAccountTime, signInMethodName, signInMethodsOf } from './account-facts';

function AccountTime({ value }: { value: string | undefined }) {
  const time = formatAccountTime(value);
  return time ? <time dateTime={time.iso}>{time.text}</time> : <>Not known</>;
}

/**
 * Who the visitor is to the identity provider: the spec's User fields and metadata, from the SDK's
 * user (`user`) or, until the SDK has restored the session, as this browser stored them.
 */
export function ProfileSummary({
  profile,
  user,
  emailVerified,
}: {
  profile: StoredProfile;
  /** The SDK's user, once restored: sending the verification email needs it. */
  user: User | undefined;
  emailVerified: boolean;
}) {
  const { pending, error, run } = useAuthAction();
  const methods = signInMethodsOf(profile);

  const sendVerification = (to: User) =>
    run(async () => {
      const { sendEmailVerification } = await loadFirebase();
      await sendEmailVerification(to, continueTo(paths.account));
      void showToast('Sent email');
    });

  return (
    <section className="account-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your details</h2>
      <dl className="account-facts">
        <dt>Name</dt>
        <dd>{profile.displayName?.trim() || 'Not set'}</dd>
        <dt>Email address</dt>
        <dd>
          <span className="me-2">{profile.email ?? 'None'}</span>
          {emailVerified ? (
            <Badge bg="success">Verified</Badge>
          ) : (
            <Badge bg="warning" text="dark">
              Not verified
            </Badge>
          )}
          {!emailVerified && profile.email && user && (
            <div>
              <Button
                variant="link"
                className="px-0"
                disabled={pending}
                onClick={() => void sendVerification(user)}
              >
                Send the verification email again
              </Button>
              <AuthErrorText id="verify-again-error" message={error} />
            </div>
          )}
        </dd>
        <dt>Sign-in methods</dt>
        <dd>
          {methods.length > 0 ? (
            <ul className="list-unstyled mb-0">
              {methods.map((method) => (
                <li key={method}>{signInMethodName(method)}</li>
              ))}
            </ul>
          ) : (
            'None'
          )}
        </dd>
        <dt>Account created</dt>
        <dd>
          <AccountTime value={profile.metadata.creationTime} />
        </dd>
        <dt>Last signed in</dt>
        <dd>
          <AccountTime value={profile.metadata.lastSignInTime} />
        </dd>
      </dl>
    </section>
  );
}
