import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable, type RouteEntry } from '../../src/config/routes.ts';
import { localStackServerEnv } from '../local-env.ts';
import { LOCAL_HOST, LOCAL_STACKS, SITE_HOST, siteOrigin } from '../local-stack.ts';
import { FLOOR_PATH } from './floor.ts';
import {
  benchTargets,
  hydrationMarkdown,
  publicRoutes,
  type BenchTarget,
  type PageFigures,
} from './hydration-tables.ts';
import { practitionerClaims } from './passkey.ts';
import {
  NOT_MEASURED_SIGNED_IN,
  SIGNED_IN_PAGES,
  authHostRule,
  gatedRoutes,
  signInProblem,
  stateAt,
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
    expect(record.at?.({ clientUid: 'u 1', users: {} as never, passkey: {} as never })).toBe(
      '/practice/clients/u%201',
    );
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

  it("names a practitioner's page that stopped at the passkey step", () => {
    expect(
      signInProblem('/practice/payments', {
        pathname: '/practice/payments',
        h1: 'Confirm it is you with your passkey',
        shown: false,
        shows: '#payments-clients',
      }),
    ).toBe(
      '/practice/payments showed "Confirm it is you with your passkey" at /practice/payments ' +
        "instead of its signed-in content: the bench's sign-in or seed is broken",
    );
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

describe("the practitioner's sign-in", () => {
  it('gives her the claims `npm run practitioner` gives: the link works once, for 24 hours', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const { token, claims } = practitionerClaims(now);
    const [hash, expires] = claims.passkey_enrolment.split(':');
    expect(claims.practitioner).toBe(true);
    expect(token).toMatch(/^[\w-]{20,100}$/); // as the registration endpoints take it
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Number(expires)).toBe(now / 1000 + 24 * 3600);
    expect(practitionerClaims(now).token).not.toBe(token);
  });

  it('opens the preview build’s Auth emulator, on the site’s host, at the bench stack’s', () => {
    const [, from, to] = authHostRule.split(' ');
    expect(from).toBe(`${SITE_HOST}:${LOCAL_STACKS.preview.ports.auth}`);
    expect(to).toBe(`${LOCAL_HOST}:${LOCAL_STACKS.bench.ports.auth}`);
  });

  it("serves the site where the bench stack's API takes its passkeys' origin from", () => {
    const api = new URL(localStackServerEnv('bench', '/repo').SITE_URL);
    expect(api.hostname).toBe(SITE_HOST); // WebAuthn refuses an IP address
    expect(api.origin).toBe(siteOrigin(LOCAL_STACKS.bench.ports.site));
  });

  it("carries her session to another served origin, and that origin's alone", () => {
    const entry = (origin: string) => ({ origin, localStorage: [{ name: origin, value: '1' }] });
    const state = {
      cookies: [],
      origins: [entry('http://localhost:1'), entry('http://localhost:2')],
    };
    expect(stateAt(state, 'http://localhost:1', 'https://localhost:3')).toEqual({
      cookies: [],
      origins: [
        {
          origin: 'https://localhost:3',
          localStorage: [{ name: 'http://localhost:1', value: '1' }],
        },
      ],
    });
  });
});

describe('the hydration bench at its smallest, signed in (--signed-in --http2 --runs 1)', () => {
  const seed = { clientUid: 'client-1', users: {} as never, passkey: {} as never };
  const site = 'https://localhost:1';
  const targets = benchTargets({
    siteOrigin: site,
    limitOrigin: 'https://localhost:2',
    floorPath: FLOOR_PATH,
    routes: publicRoutes,
    compare: [{ name: 'main', origin: 'https://localhost:3' }],
    signedIn: seed,
  });

  it('visits the floor and every signed-in page signed in, on each build, at its own address', () => {
    expect(targets.filter((target) => target.floor).map((target) => target.url)).toEqual([
      `${site}${FLOOR_PATH}`,
    ]);
    for (const [route, page] of Object.entries(SIGNED_IN_PAGES)) {
      const visits = targets.filter((target) => target.route === route);
      expect(
        visits.map((visit) => visit.label),
        route,
      ).toEqual([route, `main ${route}`]);
      for (const visit of visits)
        expect(visit.signedIn, route).toEqual({ as: page.as, shows: page.shows });
    }
    expect(targets.find((target) => target.label === '/practice/clients')?.url).toBe(
      `${site}/practice/clients/client-1`,
    );
    // A page the bench cannot seed is measured signed out, where it shows its gate.
    for (const route of Object.keys(NOT_MEASURED_SIGNED_IN))
      expect(targets.find((target) => target.label === route)?.signedIn, route).toBeUndefined();
  });

  it("reports each signed-in page's content shown × the floor, the client's and hers", () => {
    const figure = (target: BenchTarget, shown: number): PageFigures => {
      const median = {
        fcp: 300,
        lcp: 300,
        hydrated: target.floor ? 1000 : 1200,
        tapAfterFcp: NaN,
        tapHandled: NaN,
        contentShown: target.signedIn ? shown : NaN,
      };
      return { ...target, runs: [median], median, scripts: ['assets/framework.js'] };
    };
    const markdown = hydrationMarkdown(
      targets.map((target) => figure(target, target.build ? 1700 : 1500)),
      1,
    );
    const table = markdown.slice(markdown.indexOf('## Signed in'));
    const rowOf = (label: string) =>
      table.split('\n').find((line) => line.startsWith(`| ${label} |`));
    for (const route of [
      '/account',
      '/bookings',
      '/account/billing',
      '/practice',
      '/practice/payments',
      ...Object.keys(SIGNED_IN_PAGES),
    ]) {
      expect(rowOf(route), route).toContain('| 1500 ms | 1.50× | ✓ |');
      expect(rowOf(`main ${route}`), route).toContain('| 1700 ms | 1.70× | ✗ |');
    }
    expect(rowOf('/practice')).toContain('| practitioner |');
    expect(rowOf('/account')).toContain('| client |');
    // The goal is the measured build's: the compared one's 1.70× does not fail it.
    expect(table).toContain('- ✓ content shown ≤ 1.60× the floor on every signed-in page');
  });
});
