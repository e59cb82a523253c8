import Button from 'react-bootstrap/Button';
import Nav from 'react-bootstrap/Nav';
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
      <Nav.Link
        as={Link}
        to={paths.login}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        Log In
      </Nav.Link>
    );
  }

  const logOut = async () => {
    onNavigate();
    const { firebaseAuth, signOut } = await import('../../lib/firebase');
    await signOut(firebaseAuth());
    void navigate(paths.login);
  };

  const onBookings = pathname === paths.bookings;
  return (
    <>
      <Nav.Link
        as={Link}
        to={paths.bookings}
        active={onBookings}
        aria-current={onBookings ? 'page' : undefined}
        onClick={onNavigate}
      >
        My bookings
      </Nav.Link>
      <Button variant="link" className="nav-link" onClick={() => void logOut()}>
        Log Out
      </Button>
    </>
  );
}
