import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/routes';
import { loadFirebase } from '../../lib/load-firebase';
import { signOutOnPurpose, useSession } from './session';

/** The navbar's account slot: Log In, or My account and Log Out; empty while the session is unknown. */
export function AccountNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (session.status === 'unknown') return null;

  if (session.status === 'signed-out') {
    const active = pathname === paths.login;
    return (
      <Link
        to={paths.login}
        className={active ? 'nav-link active' : 'nav-link'}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        Log In
      </Link>
    );
  }

  const logOut = async () => {
    onNavigate();
    const { firebaseAuth, signOut } = await loadFirebase();
    await signOutOnPurpose(() => signOut(firebaseAuth()));
    void navigate(paths.login);
  };

  const link = (to: string, label: string) => {
    const active = pathname === to;
    return (
      <Link
        to={to}
        className={active ? 'nav-link active' : 'nav-link'}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {label}
      </Link>
    );
  };
  const name = session.user.displayName?.trim();

  return (
    <div className="account-links">
      {name && (
        <span className="navbar-text account-name" title={name}>
          {name}
        </span>
      )}
      {link(paths.bookings, 'My bookings')}
      {link(paths.account, 'My account')}
      <button type="button" className="btn btn-link nav-link" onClick={() => void logOut()}>
        Log Out
      </button>
    </div>
  );
}
