import type { Diary } from '../../../shared/booking';
import { useResource } from '../../lib/use-resource';
import { fetchDiary } from './practice-api';

/** The diary for London dates `from` to `to`; reloading keeps the old page on screen meanwhile. */
export function useDiary(from: string, to: string) {
  return useResource<Diary>(`${from}|${to}`, (signal) => fetchDiary({ from, to }, signal), {
    keepWhileReloading: true,
  });
}

/** Everything from today to the end of the booking horizon: where open requests are found. */
export function useHorizon() {
  return useResource<Diary>('horizon', (signal) => fetchDiary(undefined, signal), {
    keepWhileReloading: true,
  });
}
