import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { PageHeading } from '../../../components/layout/page-heading';
import { paths } from '../../../config/routes';
import { apiRequest, errorSentence } from '../../../lib/api';
import { arrivedEarlyRead, takeEarlyRead } from '../../../lib/early-reads';
import type { GateAccount } from '../../../lib/gate-account';
import { loadFirebase } from '../../../lib/load-firebase';
import {
  addPasskey,
  removePasskey,
  renewRecoveryCodes,
  withFreshPasskey,
} from '../../../lib/passkeys';
import { RequireAccount } from '../require-verified-email';
import { signOutOnPurpose, useSession } from '../session';
import { fetchPasskeys, type Passkeys } from './passkeys-api';
import { PASSKEYS } from './passkeys-first-reads';
import { RecoveryCodes, RenewRecoveryCodes } from './recovery-codes';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const dayAndTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** An act asked for on this page after the account signed in here changed (another tab). */
const NOT_SIGNED_IN_HERE =
  'This browser is no longer signed in to the account this page was opened for, so nothing was changed. Open the page again.';

const sentence = (error: unknown) =>
  error instanceof Error && error.name !== 'ApiError' ? error.message : errorSentence(error);

/**
 * Whether the account is the practitioner's: from the stored token's claims while the page is
 * open on the stored session, then from the SDK's token (the claim can have changed since).
 */
function usePractitioner(account: GateAccount): boolean {
  const { session } = useSession();
  const user = session.status === 'signed-in' ? session.user : undefined;
  const [practitioner, setPractitioner] = useState(account.storedClaims?.practitioner === true);
  useEffect(() => {
    if (!user) return;
    let current = true;
    user.getIdTokenResult().then(
      (token) => current && setPractitioner(token.claims.practitioner === true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user]);
  return practitioner;
}

function PasskeysSection({ account }: { account: GateAccount }) {
  const [search] = useSearchParams();
  const enrolment = search.get('token') ?? undefined;
  const navigate = useNavigate();
  const { live } = useSession();
  // The read the page's boot started, if it has arrived: the list from the first render.
  const [list, setList] = useState<Passkeys | undefined>(
    () => arrivedEarlyRead<Passkeys>(PASSKEYS)?.data,
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<{ list: string[]; renewed: boolean }>();
  const [added, setAdded] = useState(false);
  const [done, setDone] = useState<string>();
  const [removing, setRemoving] = useState<string>();
  const practitioner = usePractitioner(account);

  const load = useCallback(async () => {
    setList(await fetchPasskeys());
  }, []);

  useEffect(() => {
    let current = true;
    const early = takeEarlyRead<Passkeys>(PASSKEYS);
    // A failed early read (the session not yet ready for the API, say) is asked again here.
    (early ? early.catch(() => fetchPasskeys()) : fetchPasskeys()).then(
      (passkeys) => current && setList(passkeys),
      (failure: unknown) => current && setError(sentence(failure)),
    );
    return () => {
      current = false;
    };
  }, []);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      // Signed in as someone else meanwhile (another tab), or not at all: nothing is done.
      if ((await live()) !== account.uid) throw new Error(NOT_SIGNED_IN_HERE);
      await action();
    } catch (failure) {
      setError(sentence(failure));
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    act(async () => {
      const first = list?.passkeys.length === 0;
      const answer = await (first ? addPasskey(enrolment) : withFreshPasskey(() => addPasskey()));
      setAdded(true);
      setDone(undefined);
      if (answer.recoveryCodes) setCodes({ list: answer.recoveryCodes, renewed: false });
      await load();
    });

  const remove = (id: string, name: string) =>
    act(async () => {
      await removePasskey(id);
      setRemoving(undefined);
      setAdded(false);
      setDone(
        `${name} is removed: it no longer signs in, and every other session of your account has ended.`,
      );
      await load();
    });

  const renew = () =>
    act(async () => {
      setCodes({ list: await renewRecoveryCodes(), renewed: true });
      await load();
    });

  const reviewed = () =>
    act(async () => {
      await apiRequest('/api/passkeys/review', v.undefined(), { method: 'POST', body: {} });
      setDone('Thank you: your passkeys are as you left them.');
      await load();
    });

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes.list}
        onSaved={() => {
          setCodes(undefined);
          if (!codes.renewed) void navigate(practitioner ? paths.practice : paths.account);
        }}
      />
    );
  }
  if (!list && !error) return <LoadingScreen label="Loading your passkeys…" />;
  const none = list?.passkeys.length === 0;
  return (
    <section className="account-section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>
        A passkey signs you in with your fingerprint, face or device PIN: nothing to type, and
        nothing a fake site can trick out of you.
        {practitioner && ' The diary asks for yours after your password.'}
      </p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {added && !error && (
        <Alert variant="success" role="status">
          Your passkey is added.
        </Alert>
      )}
      {done && !error && (
        <Alert variant="success" role="status">
          {done}
        </Alert>
      )}
      {list?.reviewDue && (
        <section className="passkey-review mb-3" aria-labelledby="review-heading">
          <h3 id="review-heading" className="h5">
            Check your passkeys
          </h3>
          <p>
            You signed out everywhere, but a passkey still signs in wherever it is kept. Look at
            each one below, when it was added and last used, and remove any you do not recognise:
            removing one ends every session of your account again.
          </p>
          <Button variant="outline-primary" disabled={busy} onClick={() => void reviewed()}>
            These passkeys are all mine
          </Button>
        </section>
      )}
      {list && list.passkeys.length > 0 && (
        <ul className="list-unstyled passkey-list">
          {list.passkeys.map((passkey) => (
            <li key={passkey.id} className="mb-3">
              <strong>{passkey.name}</strong>
              <span className="d-block passkey-when">
                Added {day(passkey.createdAt)},{' '}
                {passkey.lastUsedAt
                  ? `last used ${dayAndTime(passkey.lastUsedAt)}`
                  : 'not used yet'}
              </span>
              {removing === passkey.id ? (
                <span className="d-block mt-1">
                  Remove this passkey?{' '}
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    onClick={() => void remove(passkey.id, passkey.name)}
                  >
                    Yes, remove it
                  </Button>{' '}
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => setRemoving(undefined)}
                  >
                    Keep it
                  </Button>
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="mt-1"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setRemoving(passkey.id)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list && practitioner && !none && (
        <RenewRecoveryCodes
          left={list.recoveryCodesLeft}
          busy={busy}
          onRenew={() => void renew()}
        />
      )}
      {practitioner && none && !enrolment ? (
        <p>
          Your first passkey is added from the enrolment link you were given. Ask for a new link if
          yours has expired.
        </p>
      ) : (
        <Button disabled={busy} onClick={() => void add()}>
          {none ? 'Add a passkey on this device' : 'Add another passkey'}
        </Button>
      )}
    </section>
  );
}

/** Ends every session of the account, in every browser; this one then goes to log in. */
function SignOutEverywhere({ uid }: { uid: string }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { live } = useSession();
  const confirm = async () => {
    setBusy(true);
    try {
      // The session provider hears the sign-out: the page does not stay open on the stored one.
      // Signed in as someone else meanwhile (another tab), or not at all: nothing is done.
      if ((await live()) !== uid) throw new Error(NOT_SIGNED_IN_HERE);
      await apiRequest('/api/account/sign-out-everywhere', v.undefined(), { method: 'POST' });
      const { firebaseAuth, signOut } = await loadFirebase();
      await signOutOnPurpose(() => signOut(firebaseAuth()));
      // Back from the login, she lands on this page and its passkey review.
      void navigate(paths.login, {
        state: { from: { pathname: paths.passkeys, search: '', hash: '' } },
      });
    } catch (failure) {
      setError(sentence(failure));
      setBusy(false);
    }
  };
  return (
    <section className="account-section" aria-labelledby="everywhere-heading">
      <h2 id="everywhere-heading">Sign out everywhere</h2>
      <p>
        Signs your account out of every browser and device, this one too. Use it if you signed in
        somewhere you no longer trust, or were told of a sign-in that was not you.
      </p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {asking ? (
        <p>
          Sign out of every browser and device?{' '}
          <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
            Yes, sign out everywhere
          </Button>{' '}
          <Button variant="outline-secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </p>
      ) : (
        <Button variant="outline-danger" onClick={() => setAsking(true)}>
          Sign out everywhere
        </Button>
      )}
    </section>
  );
}

/** /account/passkeys: the account's passkeys (her enrolment link opens here) and sessions. */
export function PasskeysPage() {
  // It opens on the session stored in this browser (RequireAccount): the list comes before the
  // identity SDK, and each act waits for the SDK's word on the session (live).
  return (
    <RequireAccount>
      {(account) => (
        <Container className="account-page pb-5">
          <PageHeading>Passkeys and sign-in</PageHeading>
          <PasskeysSection account={account} />
          <SignOutEverywhere uid={account.uid} />
          <p>
            <Link to={paths.account}>Back to my account</Link>
          </p>
        </Container>
      )}
    </RequireAccount>
  );
}
