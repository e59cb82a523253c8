import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/routes';
import { useSession } from './session';

/** The navbar's Log In / Log Out slot; empty (its space reserved) while the session is unknown. */
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
    const { firebaseAuth, signOut } = await import('../../lib/firebase');
    await signOut(firebaseAuth());
    void navigate(paths.login);
  };

  return (
    <button type="button" className="btn btn-link nav-link" onClick={() => void logOut()}>
      Log Out
    </button>
  );
}
