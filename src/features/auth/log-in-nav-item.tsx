import { paths } from '../../config/routes';
import { SiteLink, useNavigation } from '../../lib/navigation';

/** The navbar's Log In link, for a visitor signed out. Free of the session's code: see islands/navbar. */
export function LogInNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useNavigation();
  const active = pathname === paths.login;
  return (
    <SiteLink
      to={paths.login}
      className={active ? 'nav-link active' : 'nav-link'}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      Log In
    </SiteLink>
  );
}
