/**
 * Her hours: when the practitioner works, inside the practice's opening hours (which stay the
 * footer's). The browser's "Your hours" form and the function's slots read this one home.
 */
import * as v from 'valibot';
import { practiceFacts, type WeeklyHours } from './practice.ts';
import { DAYS_OF_WEEK, type DayOfWeek } from './time-words.ts';

export interface DayHours {
  /** 24-hour "HH:MM"; an end at or before the start runs past midnight (as the opening hours do). */
  start: string;
  end: string;
}

interface WeeklyBlock {
  day: DayOfWeek;
  start: string;
  end: string;
  label?: string;
}

export interface WorkingHours {
  /** Her hours per weekday; null is a day she does not work. */
  weekdays: Record<DayOfWeek, DayHours | null>;
  /** No session may start after this time of day; null: any start that ends within her hours. */
  latestStart: string | null;
  /** Repeating every week, in London time (supervision every Wednesday 12:00–13:00). */
  weeklyBlocks: WeeklyBlock[];
  /** Whole days she does not work (London dates). */
  daysOff: string[];
  /** England and Wales bank holidays she opens; every other bank holiday is closed. */
  openBankHolidays: string[];
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A day's stretch in minutes from its midnight; an end at or before the start is the next day's. */
export function dayStretch(start: string, end: string): { from: number; to: number } {
  const from = minutesOf(start);
  const to = minutesOf(end);
  return { from, to: to <= from ? to + 24 * 60 : to };
}

/** The practice's opening hours on a weekday, as her hours would be written. */
export function openingOn(day: DayOfWeek, opening: WeeklyHours): DayHours | null {
  const entry = opening.find((hours) => hours.days.includes(day));
  return entry ? { start: entry.opens, end: entry.closes } : null;
}

/**
 * Until she saves her own: the practice's opening hours every day, no latest start, no blocks
 * and no days off (bank holidays are still closed). Narrower defaults would move every time the
 * site already offers; she narrows them from the diary.
 */
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  weekdays: Object.fromEntries(
    DAYS_OF_WEEK.map((day) => [day, openingOn(day, practiceFacts.openingHours)]),
  ) as Record<DayOfWeek, DayHours | null>,
  latestStart: null,
  weeklyBlocks: [],
  daysOff: [],
  openBankHolidays: [],
};

const MAX_BLOCKS = 50;
const MAX_DATES = 366;

const time = (what: string) =>
  v.pipe(
    v.string(`Give ${what} as a time, like 09:00.`),
    v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Give ${what} as a 24-hour time, like 09:00.`),
  );
const date = (what: string) =>
  v.pipe(
    v.string(`Give each ${what} as a date, like 2026-12-24.`),
    v.isoDate(`Give each ${what} as a date, like 2026-12-24.`),
  );
const dayHours = (day: DayOfWeek) =>
  v.nullable(
    v.object(
      { start: time(`${day}'s start`), end: time(`${day}'s end`) },
      `Give ${day} a start and an end, or null for a day off.`,
    ),
  );

export const WorkingHoursSchema = v.object(
  {
    weekdays: v.object(
      Object.fromEntries(DAYS_OF_WEEK.map((day) => [day, dayHours(day)])) as Record<
        DayOfWeek,
        ReturnType<typeof dayHours>
      >,
      'Give "weekdays" with each day from Monday to Sunday.',
    ),
    latestStart: v.nullable(time('the latest start')),
    weeklyBlocks: v.pipe(
      v.array(
        v.object({
          day: v.picklist(
            DAYS_OF_WEEK,
            'Give each weekly block a day of the week, like Wednesday.',
          ),
          start: time('the block’s start'),
          end: time('the block’s end'),
          label: v.optional(
            v.pipe(v.string(), v.trim(), v.maxLength(80, 'Keep a block’s label to 80 characters.')),
          ),
        }),
        'Give "weeklyBlocks" as a list.',
      ),
      v.maxLength(MAX_BLOCKS, `Keep to ${MAX_BLOCKS} weekly blocks.`),
    ),
    daysOff: v.pipe(
      v.array(date('day off'), 'Give "daysOff" as a list of dates.'),
      v.maxLength(MAX_DATES, `Keep to ${MAX_DATES} days off.`),
    ),
    openBankHolidays: v.pipe(
      v.array(date('opened bank holiday'), 'Give "openBankHolidays" as a list of dates.'),
      v.maxLength(MAX_DATES, `Keep to ${MAX_DATES} opened bank holidays.`),
    ),
  },
  'Send her hours as a JSON object.',
);

/** One thing to fix, by the field it is about ("weekdays.Monday", "weeklyBlocks.0"). */
export interface FieldError {
  field: string;
  detail: string;
}

/** What GET and PUT /api/practice/hours answer: her hours and the bank holidays ahead. */
export const HoursViewSchema = v.object({
  hours: WorkingHoursSchema,
  /** The England and Wales bank holidays of the coming year, closed unless opened. */
  bankHolidays: v.array(v.object({ date: v.string(), name: v.string() })),
});
export type HoursView = v.InferOutput<typeof HoursViewSchema>;

/**
 * The rules the shape cannot say: each day within the practice's opening hours and ending after
 * it starts, each block ending after it starts. Sentences name the day, so the form can show each
 * by its field.
 */
export function workingHoursErrors(hours: WorkingHours, opening: WeeklyHours): FieldError[] {
  const errors: FieldError[] = [];
  for (const day of DAYS_OF_WEEK) {
    const own = hours.weekdays[day];
    if (!own) continue;
    const open = openingOn(day, opening);
    const field = `weekdays.${day}`;
    if (!open) {
      errors.push({ field, detail: `The practice is closed on ${day}s: mark ${day} as not open.` });
      continue;
    }
    const mine = dayStretch(own.start, own.end);
    const theirs = dayStretch(open.start, open.end);
    if (own.start === own.end) {
      errors.push({ field, detail: `${day} ends when it starts: give an end after ${own.start}.` });
    } else if (mine.from < theirs.from || mine.to > theirs.to) {
      errors.push({
        field,
        detail: `${day}'s hours must be within the practice's opening hours, ${open.start} to ${open.end}.`,
      });
    }
  }
  hours.weeklyBlocks.forEach((block, index) => {
    if (minutesOf(block.end) <= minutesOf(block.start)) {
      errors.push({
        field: `weeklyBlocks.${index}`,
        detail: `The ${block.day} block must end after it starts (${block.start}), on the same day.`,
      });
    }
  });
  return errors;
}
