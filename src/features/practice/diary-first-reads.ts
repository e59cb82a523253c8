import { readWhenSignedIn } from '../../lib/early-reads';
import { addDays, dateIn, mondayOf } from '../../lib/practice-time';
import { temporalReady } from '../../lib/temporal';
import { fetchDiary } from './practice-api';
import { opensPracticePages } from './practitioner-access';

// The diary's first reads, free of React so that the boot script can start them while React
// downloads (src/app/page-reads.ts); the diary's hooks (use-diary.ts) read them under the same keys.

export const weekKey = (from: string, to: string) => `${from}|${to}`;
export const HORIZON = 'horizon';
export const loadHorizon = (signal: AbortSignal) => fetchDiary(undefined, signal);

/** The week the diary opens on: the one of today, in London (PracticeDiary). */
export const weekOf = (at: number) => mondayOf(dateIn(at));

// Asked as the session is restored while the page hydrates (src/lib/early-reads.ts): the requests
// waiting for an answer, and this week.
readWhenSignedIn(HORIZON, loadHorizon, opensPracticePages);
temporalReady()
  .then(() => {
    const from = weekOf(Date.now());
    const to = addDays(from, 6);
    readWhenSignedIn(
      weekKey(from, to),
      (signal) => fetchDiary({ from, to }, signal),
      opensPracticePages,
    );
  })
  .catch(() => undefined); // no Temporal: the diary says so where it reads the week
