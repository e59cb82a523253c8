import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';

export type SiteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/**
 * How the parts shared by the app and the islands (the header, the services) link and move: the
 * app's router inside the app (src/app/router-navigation.tsx), page loads on a page of content
 * hydrated as islands, which therefore never downloads the router (src/islands.tsx).
 */
export interface Navigation {
  pathname: () => string;
  navigate: (to: string) => void;
  Link: ComponentType<SiteLinkProps>;
}

function PageLoadLink({ to, children, ...anchor }: SiteLinkProps) {
  return (
    <a href={to} {...anchor}>
      {children}
    </a>
  );
}

const pageLoads: Navigation = {
  pathname: () => window.location.pathname,
  navigate: (to) => window.location.assign(to),
  Link: PageLoadLink,
};

const NavigationContext = createContext<Navigation>(pageLoads);
export const NavigationProvider = NavigationContext.Provider;

/** The current path, and a function that goes to another. */
export function useNavigation(): { pathname: string; navigate: (to: string) => void } {
  const { pathname, navigate } = useContext(NavigationContext);
  return { pathname: pathname(), navigate };
}

/** A link to a page of the site: the router's inside the app, a plain link on a page of content. */
export function SiteLink(props: SiteLinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

/** A link of the navbar, marked as the current page where it is (by default: its path is shown). */
export function NavbarLink({
  to,
  active,
  onNavigate,
  children,
}: {
  to: string;
  active?: boolean;
  onNavigate: () => void;
  children: ReactNode;
}) {
  const { pathname } = useNavigation();
  const current = active ?? pathname === to;
  return (
    <SiteLink
      to={to}
      className={current ? 'nav-link active' : 'nav-link'}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
    >
      {children}
    </SiteLink>
  );
}
