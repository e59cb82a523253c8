import { useStyledAfterHydration } from '../../components/use-hydrated';
import { paths } from '../../config/routes';
import { loadFirebase } from '../../lib/load-firebase';
import { NavbarLink, useNavigation } from '../../lib/navigation';
import { LogInNavItem } from './log-in-nav-item';
import { signOutOnPurpose, useSession } from './session';

/**
 * The navbar's account slot: Log In, or My account and Log Out; empty while the session is unknown,
 * as in the prerendered page, and until the full stylesheet is in (its inline CSS lacks the
 * current page's style, Log In's on /login).
 */
export function AccountNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { session } = useSession();
  const { navigate } = useNavigation();
  const styled = useStyledAfterHydration();

  if (session.status === 'unknown' || !styled) return null;

  if (session.status === 'signed-out') return <LogInNavItem onNavigate={onNavigate} />;

  const logOut = async () => {
    onNavigate();
    const { firebaseAuth, signOut } = await loadFirebase();
    await signOutOnPurpose(() => signOut(firebaseAuth()));
    navigate(paths.login);
  };

  const link = (to: string, label: string) => (
    <NavbarLink to={to} onNavigate={onNavigate}>
      {label}
    </NavbarLink>
  );
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
