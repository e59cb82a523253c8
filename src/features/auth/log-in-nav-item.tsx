import { paths } from '../../config/routes';
import { NavbarLink } from '../../lib/navigation';

/** The navbar's Log In link, for a visitor signed out. Free of the session's code: see islands/navbar. */
export function LogInNavItem({ onNavigate }: { onNavigate: () => void }) {
  return (
    <NavbarLink to={paths.login} onNavigate={onNavigate}>
      Log In
    </NavbarLink>
  );
}
