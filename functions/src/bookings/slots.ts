import { BOOKING_RULES, bookableWindow } from '../../../shared/booking-rules';
import type { WeeklyHours } from '../../../shared/practice';
import { addMinutes, practiceDate, type LocalDate } from '../../../shared/time';
import type { WorkingHours } from '../../../shared/working-hours';
import type { Interval } from './types';
import { startsWithinHours } from '../hours';

export interface SlotQuery {
  hours: WeeklyHours;
  /** Her hours; absent, the opening hours alone (the API always passes them). */
  working?: WorkingHours;
  /** First date in the practice's zone, and how many dates. */
  from: LocalDate;
  days: number;
  serviceMinutes: number;
  now: Date;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** The time a session starting at `start` keeps the practitioner busy: the session and its break. */
export function busyStretch(start: Date, serviceMinutes: number): Interval {
  return { start, end: addMinutes(start, serviceMinutes + BOOKING_RULES.breakMinutes) };
}

/** Start times within her hours (see working-hours.ts) and the bookable window (notice, horizon). */
export function candidateStarts(query: SlotQuery): Date[] {
  const { earliest, latest } = bookableWindow(query.now);
  return startsWithinHours(query).filter((start) => start >= earliest && start <= latest);
}

/** Free sessions: candidate starts whose session and break touch no busy time. */
export function availableSlots(query: SlotQuery & { busy: readonly Interval[] }): Interval[] {
  // Plain numbers: this runs for every start in the booking horizon against every booking in them.
  const busyStarts = query.busy.map((busy) => busy.start.getTime());
  const busyEnds = query.busy.map((busy) => busy.end.getTime());
  const stretchMs = (query.serviceMinutes + BOOKING_RULES.breakMinutes) * 60_000;
  return candidateStarts(query)
    .filter((start) => {
      const from = start.getTime();
      const to = from + stretchMs;
      return !busyStarts.some(
        (busyStart, index) => busyStart < to && from < (busyEnds[index] ?? 0),
      );
    })
    .map((start) => ({ start, end: addMinutes(start, query.serviceMinutes) }));
}

export type StartCheck =
  | { ok: true; session: Interval; busyUntil: Date }
  | { ok: false; reason: 'too-soon' | 'too-far' | 'outside-hours' | 'taken' };

/** Whether a session may be requested at `start`, and if so its times. */
export function checkStart(
  query: Omit<SlotQuery, 'from' | 'days'> & { start: Date; busy: readonly Interval[] },
): StartCheck {
  const { earliest, latest } = bookableWindow(query.now);
  if (query.start < earliest) return { ok: false, reason: 'too-soon' };
  if (query.start > latest) return { ok: false, reason: 'too-far' };
  const candidates = candidateStarts({ ...query, from: practiceDate(query.start), days: 1 });
  if (!candidates.some((candidate) => candidate.getTime() === query.start.getTime())) {
    return { ok: false, reason: 'outside-hours' };
  }
  const stretch = busyStretch(query.start, query.serviceMinutes);
  if (query.busy.some((busy) => overlaps(stretch, busy))) return { ok: false, reason: 'taken' };
  return {
    ok: true,
    session: { start: query.start, end: addMinutes(query.start, query.serviceMinutes) },
    busyUntil: stretch.end,
  };
}
