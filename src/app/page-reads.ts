// A signed-in page's first reads, by its page module (src/app/routes/<module>.tsx), started by the
// boot script in a browser signed in last time: each module is free of React, so its reads go out
// as soon as the identity SDK has restored the session, while React still downloads and hydrates,
// not once the page's content module has run after React (src/lib/early-reads.ts). Without this,
// the reads start only after hydration and the content waits for them.
const firstReads: Record<string, () => Promise<unknown>> = {
  account: () => import('../features/bookings/first-reads'),
  bookings: () =>
    Promise.all([
      import('../features/bookings/first-reads'),
      import('../features/clinical/first-reads'),
    ]),
  billing: () => import('../features/payments/first-reads'),
  intake: () => import('../features/clinical/intake-first-reads'),
  'my-data': () => import('../features/clinical/my-data-first-reads'),
  passkeys: () => import('../features/auth/account/passkeys-first-reads'),
  // The checkout's services list: public, read once per visit (load-services.ts).
  checkout: () =>
    import('../features/services/load-services').then(({ loadServices }) => loadServices()),
  practice: () => import('../features/practice/diary-first-reads'),
  // The record in the address, for the practitioner as the practice pages' gate opens for her.
  'practice-client': () =>
    Promise.all([
      import('../features/clinical/client-record-first-reads'),
      import('../features/practice/practitioner-access'),
    ]).then(([{ readClientRecordEarly }, { opensPracticePages }]) =>
      readClientRecordEarly(opensPracticePages),
    ),
  'practice-payments': () => import('../features/practice/payments-first-reads'),
};

/** Starts the first reads of the page whose module is `module`, if it has any. */
export function startFirstReads(module: string): void {
  // A failed read is asked again by the page itself.
  void firstReads[module]?.().catch(() => undefined);
}

/**
 * The page modules whose gate (RequireSignIn, RequireVerifiedEmail, RequirePractitioner) opens on
 * the session stored in this browser, before the identity SDK has loaded (src/lib/boot-session.ts):
 * the SDK loads after their content. The account page (RequireAccount) shows the stored details
 * until then, its forms after; its passkeys page its list, and each of its acts waits for the SDK.
 */
const opensOnStoredSession = new Set([
  'account',
  'billing',
  'billing-credit-note',
  'billing-receipt',
  'bookings',
  'checkout',
  'intake',
  'invitations',
  'my-data',
  'passkeys',
  'practice',
  'practice-client',
  'practice-notes-requests',
  'practice-payments',
  'practice-retained',
  'questionnaires',
]);

export const pageOpensOnStoredSession = (module: string | undefined): boolean =>
  module !== undefined && opensOnStoredSession.has(module);

/** The page modules with first reads (for the test that checks them against the route table). */
export const pagesWithFirstReads = Object.keys(firstReads);
