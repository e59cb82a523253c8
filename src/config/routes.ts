import { practice } from '../content/practice.ts';

/**
 * Every page of the site, written once. The router, the chunk preloading, the prerender, the
 * sitemap, the page meta, the browser smoke test and the benchmark all read this table. Adding a
 * page is one entry here plus its module, `src/app/routes/<module>.tsx`.
 */
export interface RouteEntry {
  /** What links point at; `*` for the page shown at every unknown path. */
  path: string;
  /** The address search engines are given, and a second path that shows the page. */
  canonicalPath?: string;
  /** The page module in src/app/routes/, without its extension. */
  module: string;
  title: string;
  description: string;
  /** Whether search engines may index the page (account and booking pages may not). */
  indexable: boolean;
  /** Whether the build writes the page's HTML; the not-found page is written as 404.html. */
  prerender: boolean;
  /** Whether the page also shows every path one segment below it (`/practice/clients/<id>`). */
  withId?: boolean;
  /**
   * A page of content (no form, no account): opened by its address it hydrates only its
   * interactive parts, each its own React root (src/islands.tsx), without the router or app shell.
   */
  content?: boolean;
  /**
   * The page asks Firebase for the session as it hydrates (signing in, the account and practice
   * pages), so its head names the identity SDK's scripts with its own (scripts/module-preloads.ts).
   */
  session?: boolean;
  /**
   * With `session`: the page's own use needs the identity SDK at once, signed in or not (an email
   * link's code is checked as the page opens), so its head names the SDK's scripts for every
   * visitor. Another `session` page names them only for a browser signed in last time (the boot
   * loader reads the session hint): a visitor who never signed in gets them when the page asks.
   */
  identityAtOnce?: boolean;
}

export const routeTable = {
  home: {
    path: '/home',
    canonicalPath: '/',
    module: 'home',
    title: `${practice.name} | Counselling and psychotherapy in Bristol and online`,
    description: practice.description,
    indexable: true,
    prerender: true,
    content: true,
  },
  about: {
    path: '/about',
    module: 'about',
    title: `About ${practice.practitioner} | ${practice.name}`,
    description: `${practice.practitioner}, ${practice.title}: training, approach and how sessions work.`,
    indexable: true,
    prerender: true,
    content: true,
  },
  privacy: {
    path: '/privacy',
    module: 'privacy',
    title: `Privacy notice | ${practice.name}`,
    description: `What ${practice.name} collects about you, why, who sees it, how long it is kept, and your rights under UK GDPR.`,
    indexable: true,
    prerender: true,
    content: true,
  },
  blogs: {
    path: '/blogs',
    module: 'blogs',
    title: `Blog | ${practice.name}`,
    description:
      'Answers on authentication and authorization, why this site uses Firebase, and what else Firebase offers.',
    indexable: true,
    prerender: true,
    content: true,
  },
  login: {
    path: '/login',
    module: 'login',
    title: `Log in | ${practice.name}`,
    description: `Log in to your ${practice.name} account to book a session.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  register: {
    path: '/register',
    module: 'register',
    title: `Register | ${practice.name}`,
    description: `Create a ${practice.name} account to book counselling sessions.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  checkout: {
    path: '/checkout',
    module: 'checkout',
    title: `Checkout | ${practice.name}`,
    description: `Book your counselling sessions with ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  account: {
    path: '/account',
    module: 'account',
    title: `My account | ${practice.name}`,
    description: `Your ${practice.name} account: profile, password, email address and bookings.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  passkeys: {
    path: '/account/passkeys',
    module: 'passkeys',
    title: `Passkeys and sign-in | ${practice.name}`,
    description: `Your passkeys, recovery codes and sessions at ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  authAction: {
    path: '/auth/action',
    module: 'auth-action',
    title: `Email link | ${practice.name}`,
    description: `Confirm your email address or choose a new password for your ${practice.name} account.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  bookings: {
    path: '/bookings',
    module: 'bookings',
    title: `My bookings | ${practice.name}`,
    description: `Your session requests and bookings with ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  practice: {
    path: '/practice',
    module: 'practice',
    title: `Diary | ${practice.name}`,
    description: `The practitioner's diary of ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  invitations: {
    path: '/invitations',
    module: 'invitations',
    title: `Your invitations | ${practice.name}`,
    description: `Join or decline a couple's or family's sessions you are invited to at ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  intake: {
    path: '/account/intake',
    module: 'intake',
    title: `Before your first session | ${practice.name}`,
    description: `Your details and the therapy agreement, for ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  questionnaires: {
    path: '/account/questionnaires',
    module: 'questionnaires',
    title: `Questionnaires | ${practice.name}`,
    description: `Short questionnaires about how you have been, for your sessions with ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  myData: {
    path: '/account/data',
    module: 'my-data',
    title: `My data | ${practice.name}`,
    description: `Everything ${practice.name} holds about you, to read or download.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  practiceClient: {
    path: '/practice/clients',
    module: 'practice-client',
    title: `Client record | ${practice.name}`,
    description: `A client's intake and questionnaires, for the practitioner of ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
    withId: true,
  },
  billing: {
    path: '/account/billing',
    module: 'billing',
    title: `Billing | ${practice.name}`,
    description: `Your ${practice.name} plan, payments and receipts.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  billingReceipt: {
    path: '/account/billing/receipts',
    module: 'billing-receipt',
    title: `Receipt | ${practice.name}`,
    description: `A receipt from ${practice.name}, for your records or your insurer.`,
    indexable: false,
    session: true,
    prerender: true,
    withId: true,
  },
  billingCreditNote: {
    path: '/account/billing/credit-notes',
    module: 'billing-credit-note',
    title: `Credit note | ${practice.name}`,
    description: `A credit note for a refund from ${practice.name}, for your records or your insurer.`,
    indexable: false,
    session: true,
    prerender: true,
    withId: true,
  },
  practicePayments: {
    path: '/practice/payments',
    module: 'practice-payments',
    title: `Payments | ${practice.name}`,
    description: `A month's payments, refunds and money due, for the practitioner of ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  practiceRetained: {
    path: '/practice/retained-records',
    module: 'practice-retained',
    title: `Retained records | ${practice.name}`,
    description: `The records of former clients of ${practice.name}, kept read-only until their retention period ends.`,
    indexable: false,
    session: true,
    prerender: true,
    withId: true,
  },
  practiceNotesRequests: {
    path: '/practice/notes-requests',
    module: 'practice-notes-requests',
    title: `Notes requests | ${practice.name}`,
    description: `Clients' requests for their session notes, with their deadlines, for the practitioner of ${practice.name}.`,
    indexable: false,
    session: true,
    prerender: true,
  },
  notFound: {
    path: '*',
    module: 'not-found',
    title: `Page not found | ${practice.name}`,
    description: 'This page does not exist.',
    indexable: false,
    prerender: true,
  },
} as const satisfies Record<string, RouteEntry>;

export type PageName = keyof typeof routeTable;

type PathOf = { [Name in PageName]: (typeof routeTable)[Name]['path'] };

/** Where each page lives, for links and redirects. */
export const paths = Object.fromEntries(
  Object.entries(routeTable).map(([name, entry]) => [name, entry.path]),
) as PathOf;

/** The site's front door: where a visitor lands by default. */
export const siteRoot: string = routeTable.home.canonicalPath;

/** The one place trailing slashes are handled: `/about/` and `/about` are the same page. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Every path a page is shown at (its link path and its canonical path). */
export function pathsOf(entry: RouteEntry): string[] {
  if (entry.path === '*') return [];
  return entry.canonicalPath ? [entry.canonicalPath, entry.path] : [entry.path];
}

/** Which page a pathname shows. */
export function pageNameForPath(pathname: string): PageName {
  const path = normalisePath(pathname);
  const names = Object.keys(routeTable) as PageName[];
  return (
    names.find((name) => pathsOf(routeTable[name]).includes(path)) ??
    names.find((name) => idPathOf(routeTable[name], path)) ??
    'notFound'
  );
}

/** Whether `path` is one segment below a page that takes an id (`/practice/clients/<id>`). */
function idPathOf(entry: RouteEntry, path: string): boolean {
  if (!entry.withId) return false;
  const rest = path.startsWith(`${entry.path}/`) ? path.slice(entry.path.length + 1) : '';
  return rest !== '' && !rest.includes('/');
}

/** The practitioner's page for one client. */
export const clientRecordPath = (uid: string) =>
  `${routeTable.practiceClient.path}/${encodeURIComponent(uid)}`;

/** The practitioner's page for one deleted account's kept record. */
export const retainedRecordPath = (uid: string) =>
  `${routeTable.practiceRetained.path}/${encodeURIComponent(uid)}`;

export function routeForPath(pathname: string): RouteEntry {
  return routeTable[pageNameForPath(pathname)];
}

/** The paths the build writes as HTML (not-found aside, which becomes 404.html). */
export const prerenderedPaths: string[] = Object.values(routeTable)
  .filter((entry: RouteEntry) => entry.prerender)
  .flatMap(pathsOf);

/** Whether a path shows a page of content, hydrated as islands (see RouteEntry.content). */
export function isContentPath(pathname: string): boolean {
  return (routeForPath(pathname) as RouteEntry).content === true;
}

/** Pages for search engines, at their canonical address. */
export const sitemapPaths: string[] = Object.values(routeTable)
  .filter((entry: RouteEntry) => entry.prerender && entry.indexable && entry.path !== '*')
  .map((entry: RouteEntry) => entry.canonicalPath ?? entry.path);

/** A path that no page has, for tests and the benchmark of the not-found page. */
export const unknownPath = '/no-such-page';

export function checkoutPath(serviceId?: number): string {
  return serviceId === undefined ? paths.checkout : `${paths.checkout}?service=${serviceId}`;
}

/** One receipt's page, for the client (and for an insurer, printed or as its PDF). */
export const receiptPath = (paymentId: string) =>
  `${routeTable.billingReceipt.path}/${encodeURIComponent(paymentId)}`;

/** One credit note's page (a refund), for the client and the practitioner. */
export const creditNotePath = (refundId: string) =>
  `${routeTable.billingCreditNote.path}/${encodeURIComponent(refundId)}`;

/**
 * The router state a practice page's link to a receipt or credit note carries: the page then
 * reads it as the practitioner's (/api/practice/payments/…), not as the client's own.
 */
export const PRACTICE_DOCUMENT = { practiceDocument: true } as const;
export const isPracticeDocument = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'practiceDocument' in state
    ? state.practiceDocument === true
    : false;

/** Stripe Checkout's return to the billing page (`?checkout=done`, the brief's, or `?checkout=cancelled`). */
export const CHECKOUT_RETURN = { param: 'checkout', done: 'done', cancelled: 'cancelled' } as const;
