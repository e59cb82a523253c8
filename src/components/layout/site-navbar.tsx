import { useState, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useLocation } from 'react-router';
import { normalisePath, paths, siteRoot } from '../../config/routes';
import { practice } from '../../content/practice';

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

/**
 * Sticky site navbar; collapses below the large breakpoint. The whole bar, Menu toggle included,
 * is the navigation landmark (as in Bootstrap's own markup), so it is found with the menu closed.
 * `accountSlot` holds Log In / Log Out.
 */
export function SiteNavbar({ accountSlot }: { accountSlot: (close: () => void) => ReactNode }) {
  const { pathname } = useLocation();
  const current = normalisePath(pathname);
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);

  return (
    <header className="sticky-top">
      <Navbar
        expand="lg"
        className="site-navbar"
        expanded={expanded}
        onToggle={setExpanded}
        as="nav"
        aria-label="Main"
      >
        <Container>
          <Navbar.Brand as={Link} to={paths.home} onClick={close}>
            <img src="/favicon.svg" width="32" height="32" alt="" />
            {practice.shortName}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="site-nav" aria-expanded={expanded} label="Menu" />
          <Navbar.Collapse id="site-nav">
            <Nav className="ms-auto align-items-lg-center">
              {NAV_ITEMS.map((item) => {
                const active = item.matches.includes(current);
                return (
                  <Nav.Link
                    key={item.to}
                    as={Link}
                    to={item.to}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={close}
                  >
                    {item.label}
                  </Nav.Link>
                );
              })}
              <div className="account-slot">{accountSlot(close)}</div>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
