/**
 * Where things sit in the diary's week: pure arithmetic over London wall-clock minutes, so the
 * grid and the day list show the same data and the tests can check placement without a browser.
 */
import type { Block, PracticeBooking, Reminder } from '../../../shared/booking';
import { isActive } from '../../../shared/booking-rules';
import { practiceFacts, type WeeklyHours } from '../../../shared/practice';
import { dayOfWeek, type LocalDate } from '../../../shared/time';
import {
  addDays,
  dateIn,
  formatDay,
  formatTime,
  zonedTimeToInstant,
} from '../../lib/practice-time';

/** One grid row: the practice offers start times every half hour. */
const ROW_MINUTES = 30;
const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** "HH:MM" for minutes from midnight (25:00 and later wrap to the next day's clock). */
const clockOf = (minutes: number) => {
  const wrapped = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/** A day's opening hours as minutes from its midnight; a close past midnight runs over 24:00. */
export function openingOn(
  date: LocalDate,
  hours: WeeklyHours = practiceFacts.openingHours,
): { opens: number; closes: number } | undefined {
  const entry = hours.find((candidate) => candidate.days.includes(dayOfWeek(date)));
  if (!entry) return undefined;
  const opens = minutesOf(entry.opens);
  const closes = minutesOf(entry.closes);
  return { opens, closes: closes <= opens ? closes + DAY_MINUTES : closes };
}

/** The earliest opening and the latest closing of the week: the grid's first and last minute. */
export function openingSpan(hours: WeeklyHours = practiceFacts.openingHours) {
  const spans = hours.map((entry) => {
    const opens = minutesOf(entry.opens);
    const closes = minutesOf(entry.closes);
    return { opens, closes: closes <= opens ? closes + DAY_MINUTES : closes };
  });
  return {
    first: Math.min(...spans.map((span) => span.opens)),
    last: Math.max(...spans.map((span) => span.closes)),
  };
}

/**
 * The grid column (a London date) and the minutes from that date's midnight an instant falls
 * at. Before the first opening it belongs to the evening before, when that evening runs so late
 * (a Friday session at 00:30 is Friday night, 24:30).
 */
export function gridPlace(instant: string | Date, span = openingSpan()) {
  const date = dateIn(instant);
  const minutes = minutesOf(formatTime(instant));
  if (minutes < span.first && minutes + DAY_MINUTES < span.last) {
    return { date: addDays(date, -1), minutes: minutes + DAY_MINUTES };
  }
  return { date, minutes };
}

const lengthInMinutes = (item: { start: string; end: string }) =>
  Math.max(1, Math.round((Date.parse(item.end) - Date.parse(item.start)) / MINUTE_MS));

interface PlacedBooking {
  booking: PracticeBooking;
  /** CSS grid lines, 1-based: the half hours the session touches. */
  rowStart: number;
  rowEnd: number;
  /** Side by side when two overlap (a request made for a time another is waiting on). */
  lane: number;
}

export interface PlacedBlock {
  block: Block;
  rowStart: number;
  rowEnd: number;
  /** The part of the block shown on this day, as wall-clock text. */
  from: string;
  to: string;
}

export interface GridDay {
  date: LocalDate;
  bookings: PlacedBooking[];
  blocks: PlacedBlock[];
  lanes: number;
  /** The closed stretches of the day, as grid lines (greyed out). */
  closed: { rowStart: number; rowEnd: number }[];
}

export interface WeekGrid {
  /** Minutes from midnight of the first row and of the end of the last one. */
  first: number;
  last: number;
  rows: number;
  days: GridDay[];
  /** "08:00", "09:00"… with the grid line each hour starts on. */
  hours: { label: string; row: number }[];
}

/** Active bookings (requested, confirmed) of a week, in time order. */
const activeBookings = (bookings: readonly PracticeBooking[]) =>
  bookings.filter(isActive).sort((a, b) => a.start.localeCompare(b.start));

/** Lays out a week: the grid runs from the earliest opening to the latest closing, or wider. */
export function weekGrid(
  days: readonly LocalDate[],
  bookings: readonly PracticeBooking[],
  blocks: readonly Block[],
  hours: WeeklyHours = practiceFacts.openingHours,
): WeekGrid {
  const span = openingSpan(hours);
  const placed = activeBookings(bookings).map((booking) => {
    const place = gridPlace(booking.start, span);
    return { booking, ...place, end: place.minutes + lengthInMinutes(booking) };
  });
  const shown = placed.filter((item) => days.includes(item.date));
  const first = Math.min(span.first, ...shown.map((item) => Math.floor(item.minutes / 60) * 60));
  const last = Math.max(span.last, ...shown.map((item) => Math.ceil(item.end / 60) * 60));
  const row = (minutes: number) => (minutes - first) / ROW_MINUTES + 1;
  const rowFloor = (minutes: number) => Math.floor(row(minutes));
  const rowCeil = (minutes: number, after: number) => Math.max(after + 1, Math.ceil(row(minutes)));

  const gridDays = days.map((date): GridDay => {
    const lanesEnd: number[] = [];
    const dayBookings = shown
      .filter((item) => item.date === date)
      .map((item): PlacedBooking => {
        let lane = lanesEnd.findIndex((end) => end <= item.minutes);
        if (lane === -1) lane = lanesEnd.length;
        lanesEnd[lane] = item.end;
        const rowStart = rowFloor(item.minutes);
        return { booking: item.booking, rowStart, rowEnd: rowCeil(item.end, rowStart), lane };
      });

    const columnStart = zonedTimeToInstant(date, clockOf(first)).getTime();
    const columnEnd = columnStart + (last - first) * MINUTE_MS;
    const dayBlocks = blocks.flatMap((block): PlacedBlock[] => {
      const start = Math.max(Date.parse(block.start), columnStart);
      const end = Math.min(Date.parse(block.end), columnEnd);
      if (end <= start) return [];
      const startMinutes = first + (start - columnStart) / MINUTE_MS;
      const endMinutes = first + (end - columnStart) / MINUTE_MS;
      const rowStart = rowFloor(startMinutes);
      return [
        {
          block,
          rowStart,
          rowEnd: rowCeil(endMinutes, rowStart),
          from: formatTime(start),
          to: formatTime(end),
        },
      ];
    });

    const opening = openingOn(date, hours);
    const closed = opening
      ? [
          { rowStart: 1, rowEnd: rowFloor(Math.max(first, opening.opens)) },
          { rowStart: Math.ceil(row(Math.min(last, opening.closes))), rowEnd: row(last) },
        ]
      : [{ rowStart: 1, rowEnd: row(last) }];

    return {
      date,
      bookings: dayBookings,
      blocks: dayBlocks,
      lanes: Math.max(1, lanesEnd.length),
      closed: closed.filter((stretch) => stretch.rowEnd > stretch.rowStart),
    };
  });

  const hourLabels = [];
  for (let minutes = Math.ceil(first / 60) * 60; minutes < last; minutes += 60) {
    hourLabels.push({ label: clockOf(minutes), row: Math.round(row(minutes)) });
  }
  return {
    first,
    last,
    rows: Math.ceil((last - first) / ROW_MINUTES),
    days: gridDays,
    hours: hourLabels,
  };
}

/** The requests waiting for an answer: still ahead, earliest first (the list has no request date). */
export function waitingRequests(bookings: readonly PracticeBooking[], now: number) {
  return bookings
    .filter((booking) => booking.status === 'requested' && Date.parse(booking.start) > now)
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/** Active bookings that overlap a stretch of time (what blocking it would cover). */
export function bookingsWithin(
  bookings: readonly PracticeBooking[],
  start: Date,
  end: Date,
): PracticeBooking[] {
  return activeBookings(bookings).filter(
    (booking) =>
      Date.parse(booking.start) < end.getTime() && Date.parse(booking.end) > start.getTime(),
  );
}

const dayAndTime = (instant: string) => `${formatDay(instant)} ${formatTime(instant)}`;

/** What a confirmed session's reminder has done, in words; `short` for the grid's small blocks. */
export function reminderText(reminder: Reminder, short = false): string {
  if (reminder.failed) return 'Reminder not sent';
  if (reminder.sentAt)
    return short ? 'Reminder sent' : `Reminder sent ${dayAndTime(reminder.sentAt)}`;
  return short ? 'Reminder due' : `Reminder due ${dayAndTime(reminder.due)}`;
}

/** "10:00 to 10:50" */
export const timeSpan = (item: { start: string; end: string }) =>
  `${formatTime(item.start)} to ${formatTime(item.end)}`;

/** "Monday 6 April, 10:00 to 10:50" */
export const whenText = (item: { start: string; end: string }) =>
  `${formatDay(item.start)}, ${timeSpan(item)}`;

export const serviceOf = (booking: PracticeBooking) => booking.serviceName ?? 'Session';

const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

/**
 * How often each series in view comes round (1 weekly, 2 fortnightly), by its id: from the series
 * itself when the diary has it, else from the closest two of its sessions the diary holds (the
 * bookings carry no cadence); absent when only one session is known.
 */
export function seriesCadences(
  bookings: readonly PracticeBooking[],
  series: readonly { id: string; everyWeeks: number }[] = [],
): Map<string, number> {
  const starts = new Map<string, number[]>();
  for (const booking of bookings) {
    if (!booking.seriesId) continue;
    const list = starts.get(booking.seriesId) ?? [];
    list.push(Date.parse(booking.start));
    starts.set(booking.seriesId, list);
  }
  const cadences = new Map<string, number>();
  for (const [id, list] of starts) {
    const sorted = [...new Set(list)].sort((a, b) => a - b);
    const gaps = sorted.slice(1).map((start, index) => start - (sorted[index] ?? start));
    // Days on which the clocks change make a week an hour longer or shorter: round to weeks.
    if (gaps.length > 0) cadences.set(id, Math.max(1, Math.round(Math.min(...gaps) / WEEK_MS)));
  }
  for (const each of series) cadences.set(each.id, each.everyWeeks);
  return cadences;
}

/** The waiting list without the sessions of series that are answered as one item. */
export const outsideSeries = (
  bookings: readonly PracticeBooking[],
  series: readonly { id: string }[],
) => bookings.filter((booking) => !series.some((each) => each.id === booking.seriesId));
