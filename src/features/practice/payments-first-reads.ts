import { readWhenSignedIn } from '../../lib/early-reads';
import { fetchPracticePayments } from './practice-api';
import { opensPracticePages } from './practitioner-access';

// The practice's payments page's first read, free of React so that the boot script can start it
// while React downloads (src/app/page-reads.ts); the page reads it under the same key.

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthAsked = (asked: string | null) =>
  asked && MONTH.test(asked) ? asked : undefined;
export const paymentsKey = (month: string | undefined) => `practice-payments:${month ?? ''}`;

// The month's payments, asked as the session is restored while the page hydrates
// (src/lib/early-reads.ts).
if (typeof window !== 'undefined') {
  const month = monthAsked(new URLSearchParams(window.location.search).get('month'));
  readWhenSignedIn(
    paymentsKey(month),
    (signal) => fetchPracticePayments(month, signal),
    opensPracticePages,
  );
}
