import Holidays from 'date-holidays';
import { dayOfWeek, type LocalDate } from '../../../shared/time';

export interface BankHoliday {
  date: LocalDate;
  name: string;
}

// England and Wales share one list of bank holidays; date-holidays computes it from rules (Easter,
// the first and last Mondays of May, substitute days) and its data, with nothing fetched at run time.
const englandAndWales = new Holidays('GB', 'ENG');
const byYear = new Map<number, BankHoliday[]>();

/**
 * The England and Wales bank holidays of a year, as GOV.UK lists them: a holiday falling on a
 * weekend is listed by the library on that day and on its weekday substitute; only the
 * substitute is a bank holiday, so weekend dates are left out.
 */
function bankHolidaysOf(year: number): BankHoliday[] {
  let found = byYear.get(year);
  if (!found) {
    found = (englandAndWales.getHolidays(year) || [])
      .filter((holiday) => holiday.type === 'public' || holiday.type === 'bank')
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
      .filter(({ date }) => !['Saturday', 'Sunday'].includes(dayOfWeek(date)));
    byYear.set(year, found);
  }
  return found;
}

export function isBankHoliday(date: LocalDate): boolean {
  return bankHolidaysOf(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

/** The bank holidays from `first` to `last`, London dates, both included. */
export function bankHolidaysBetween(first: LocalDate, last: LocalDate): BankHoliday[] {
  const years = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year += 1) {
    years.push(year);
  }
  return years
    .flatMap(bankHolidaysOf)
    .filter((holiday) => holiday.date >= first && holiday.date <= last);
}
