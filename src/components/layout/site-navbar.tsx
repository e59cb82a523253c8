import { useState, type ReactNode } from 'react';
import { normalisePath, paths, siteRoot } from '../../config/routes';
import { practice } from '../../content/practice';
import { NavbarLink, SiteLink, useNavigation } from '../../lib/navigation';
// The mark in the page itself: as a file it was one more request, at high priority, beside the
// page's main picture on a slow phone (and on a connection of its own over HTTP/1.1).
import brandMark from '../../../images-src/favicon.svg?inline';

interface NavItem {
  to: string;
  label: string;
  /** Every pathname on which this link is the current page. */
  matches: readonly string[];
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'Home', matches: [siteRoot, paths.home] },
  { to: paths.about, label: 'About', matches: [paths.about] },
  { to: paths.blogs, label: 'Blog', matches: [paths.blogs] },
];

const MENU_ID = 'site-nav';

/** Whether the page shows the menu open: a tap before hydration may have opened it (app/boot-loader). */
function menuOpenInPage(): boolean {
  return (
    typeof document !== 'undefined' &&
    !!document.getElementById(MENU_ID)?.classList.contains('show')
  );
}

/**
 * Sticky site navbar; collapses below the large breakpoint. The whole bar, Menu toggle included,
 * is the navigation landmark (as in Bootstrap's own markup), so it is found with the menu closed.
 * Bootstrap's navbar markup without react-bootstrap's Navbar, whose Collapse, Transition and
 * Offcanvas code every page would download before it can hydrate. `accountSlot` holds Log In / Log Out.
 */
export function SiteNavbar({ accountSlot }: { accountSlot: AccountSlot }) {
  return (
    // On a page of content the header is an island of its own (src/islands.tsx).
    <header className="sticky-top" data-island="navbar">
      <SiteNav accountSlot={accountSlot} />
    </header>
  );
}

type AccountSlot = (close: () => void) => ReactNode;

/** The navbar inside the site's header: what the header's island hydrates. */
export function SiteNav({ accountSlot }: { accountSlot: AccountSlot }) {
  const { pathname } = useNavigation();
  const current = normalisePath(pathname);
  const [expanded, setExpanded] = useState(menuOpenInPage);
  const close = () => setExpanded(false);

  return (
    <nav aria-label="Main" className="site-navbar navbar navbar-expand-lg navbar-light">
      <div className="container">
        <SiteLink className="navbar-brand" to={paths.home} onClick={close}>
          <img src={brandMark} width="32" height="32" alt="" />
          {practice.shortName}
        </SiteLink>
        <button
          type="button"
          aria-controls={MENU_ID}
          aria-expanded={expanded}
          aria-label="Menu"
          className={expanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div
          className={expanded ? 'navbar-collapse collapse show' : 'navbar-collapse collapse'}
          id={MENU_ID}
        >
          <div className="ms-auto align-items-lg-center navbar-nav">
            {NAV_ITEMS.map((item) => (
              <NavbarLink
                key={item.to}
                to={item.to}
                active={item.matches.includes(current)}
                onNavigate={close}
              >
                {item.label}
              </NavbarLink>
            ))}
            <div className="account-slot">{accountSlot(close)}</div>
          </div>
        </div>
      </div>
    </nav>
  );
}
