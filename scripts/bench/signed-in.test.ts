import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable, type RouteEntry } from '../../src/config/routes.ts';
import {
  NOT_MEASURED_SIGNED_IN,
  SIGNED_IN_PAGES,
  gatedRoutes,
  signInProblem,
} from './signed-in.ts';

const entries = Object.values(routeTable as Record<string, RouteEntry>);

describe("the signed-in pages' table", () => {
  it('covers every page a sign-in gate keeps, or says why not', () => {
    const gated = gatedRoutes();
    expect(gated).toContain('/practice/payments'); // the gate is found at all
    for (const route of gated)
      expect(
        route in SIGNED_IN_PAGES || route in NOT_MEASURED_SIGNED_IN,
        `${route} has a selector in SIGNED_IN_PAGES`,
      ).toBe(true);
    expect(Object.keys({ ...SIGNED_IN_PAGES, ...NOT_MEASURED_SIGNED_IN }).sort()).toEqual(
      [...gated].sort(),
    );
  });

  it("measures the practitioner's pages as the practitioner, and the rest as the client", () => {
    for (const [route, page] of Object.entries(SIGNED_IN_PAGES)) {
      const entry = entries.find((each) => each.path === route)!;
      const source = fs.readFileSync(
        path.resolve(import.meta.dirname, '../../src/app/routes', `${entry.module}.tsx`),
        'utf8',
      );
      const practitioner = route.startsWith('/practice') || /RequirePractitioner/.test(source);
      expect(page.as, route).toBe(practitioner ? 'practitioner' : 'client');
    }
  });

  it("opens a client's record at the seeded client's id", () => {
    const record = SIGNED_IN_PAGES['/practice/clients']!;
    expect(record.at?.({ clientUid: 'u 1', users: {} as never })).toBe('/practice/clients/u%201');
  });
});

describe('signInProblem', () => {
  const shows = '.account-facts';
  it('names the page that shows a sign-in prompt instead of its content', () => {
    expect(
      signInProblem('/bookings', { pathname: '/login', h1: 'Please Log In', shown: false, shows }),
    ).toMatch(/^\/bookings showed "Please Log In" at \/login/);
    expect(
      signInProblem('/checkout', {
        pathname: '/checkout',
        h1: 'Your Email is not verified!!',
        shown: false,
        shows,
      }),
    ).toMatch(/^\/checkout showed "Your Email is not verified!!"/);
    expect(
      signInProblem('/practice', { pathname: '/practice', h1: 'Not allowed', shown: true, shows }),
    ).toMatch(/broken/);
  });

  it('names a page whose content never came, and passes one whose content did', () => {
    expect(
      signInProblem('/account', { pathname: '/account', h1: undefined, shown: false, shows }),
    ).toBe('/account never showed its signed-in content (.account-facts); its h1 was "none"');
    expect(
      signInProblem('/account', { pathname: '/account', h1: 'My account', shown: true, shows }),
    ).toBeUndefined();
  });
});
