import type { Diary } from '../../../shared/booking';
import { readWhenSignedIn } from '../../lib/early-reads';
import { opensPracticePages } from './practitioner-access';
import { addDays, dateIn, mondayOf } from '../../lib/practice-time';
import { temporalReady } from '../../lib/temporal';
import { useResource } from '../../lib/use-resource';
import { fetchDiary } from './practice-api';

const weekKey = (from: string, to: string) => `${from}|${to}`;
const HORIZON = 'horizon';
const loadHorizon = (signal: AbortSignal) => fetchDiary(undefined, signal);

/** The week the diary opens on: the one of today, in London (PracticeDiary). */
export const weekOf = (at: number) => mondayOf(dateIn(at));

// The diary's first reads, asked as the session is restored while the page hydrates
// (src/lib/early-reads.ts): the requests waiting for an answer, and this week.
readWhenSignedIn(HORIZON, loadHorizon, opensPracticePages);
void temporalReady().then(() => {
  const from = weekOf(Date.now());
  const to = addDays(from, 6);
  readWhenSignedIn(
    weekKey(from, to),
    (signal) => fetchDiary({ from, to }, signal),
    opensPracticePages,
  );
});

/** The diary for London dates `from` to `to`; reloading keeps the old page on screen meanwhile. */
export function useDiary(from: string, to: string) {
  return useResource<Diary>(weekKey(from, to), (signal) => fetchDiary({ from, to }, signal), {
    keepWhileReloading: true,
  });
}

/** Everything from today to the end of the booking horizon: where open requests are found. */
export function useHorizon() {
  return useResource<Diary>(HORIZON, loadHorizon, { keepWhileReloading: true });
}
