import type { Diary } from '../../../shared/booking';
import { useResource } from '../../lib/use-resource';
import { HORIZON, loadHorizon, weekKey } from './diary-first-reads';
import { fetchDiary } from './practice-api';

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
