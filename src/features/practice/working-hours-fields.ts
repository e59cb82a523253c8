import { DAYS_OF_WEEK, type DayOfWeek } from '../../../shared/time-words';
import type { WorkingHours } from '../../../shared/working-hours';
import { formatDayWithYear, zonedTimeToInstant } from '../../lib/practice-time';

/** The hours form's fields: what she types, kept as typed, and the hours they come to. */
export interface DayRow {
  open: boolean;
  start: string;
  end: string;
}

export interface BlockRow {
  /** Only for React's keys: rows come and go. */
  key: number;
  day: DayOfWeek;
  start: string;
  end: string;
  label: string;
}

export interface Fields {
  weekdays: Record<DayOfWeek, DayRow>;
  latestStart: string;
  blocks: BlockRow[];
  daysOff: { key: number; date: string }[];
  openBankHolidays: string[];
}

let nextKey = 1;
export const newKey = () => (nextKey += 1);

export function fieldsOf(hours: WorkingHours): Fields {
  return {
    weekdays: Object.fromEntries(
      DAYS_OF_WEEK.map((day) => {
        const own = hours.weekdays[day];
        return [day, own ? { open: true, ...own } : { open: false, start: '', end: '' }];
      }),
    ) as Record<DayOfWeek, DayRow>,
    latestStart: hours.latestStart ?? '',
    blocks: hours.weeklyBlocks.map((block) => ({
      key: newKey(),
      day: block.day,
      start: block.start,
      end: block.end,
      label: block.label ?? '',
    })),
    daysOff: hours.daysOff.map((date) => ({ key: newKey(), date })),
    openBankHolidays: [...hours.openBankHolidays],
  };
}

export function hoursOf(fields: Fields): WorkingHours {
  return {
    weekdays: Object.fromEntries(
      DAYS_OF_WEEK.map((day) => {
        const row = fields.weekdays[day];
        return [day, row.open ? { start: row.start, end: row.end } : null];
      }),
    ) as WorkingHours['weekdays'],
    latestStart: fields.latestStart || null,
    weeklyBlocks: fields.blocks.map(({ day, start, end, label }) => ({
      day,
      start,
      end,
      ...(label.trim() && { label: label.trim() }),
    })),
    daysOff: fields.daysOff.map((row) => row.date),
    openBankHolidays: fields.openBankHolidays,
  };
}

/** The control a field's error links to (the error summary's links, GOV.UK style). */
export function controlIdOf(field: string, fields: Fields): string {
  const [group, item] = field.split('.');
  if (group === 'weekdays' && item) {
    return fields.weekdays[item as DayOfWeek]?.open ? `hours-${item}-start` : `hours-${item}-open`;
  }
  if (group === 'weeklyBlocks' && item) return `hours-block-${item}-day`;
  if (group === 'daysOff' && item) return `hours-day-off-${item}`;
  if (group === 'openBankHolidays') return 'hours-bank-holidays';
  if (group === 'latestStart') return 'hours-latest-start';
  return 'hours-summary';
}

export const dateText = (date: string) => formatDayWithYear(zonedTimeToInstant(date, '12:00'));
