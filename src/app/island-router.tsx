import type { ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Every navigation is a page load: a page of content has no app to render the next page, which
 * arrives prerendered instead (src/islands.tsx).
 */
const pageLoads: Navigator = {
  createHref: hrefOf,
  go: (delta) => history.go(delta),
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
};

/** The router context an island's links and hooks need, at the page's own address. */
export function IslandRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={pageLoads}>
      {children}
    </Router>
  );
}
