// A setup file of the API tests: every calendar file any test makes the API write (session.ics on
// confirmations, moves, cancellations, series; the practitioner's feed) is kept and checked against
// the RFC 5545 rules of calendar-rules.ts when the test file ends.
import { calendarViolations } from './calendar-rules';

const written = vi.hoisted(() => [] as string[]);

vi.mock('../calendar/ics', async (importOriginal) => {
  const original = await importOriginal<typeof import('../calendar/ics')>();
  return {
    ...original,
    sessionCalendar: (...args: Parameters<typeof original.sessionCalendar>) => {
      const text = original.sessionCalendar(...args);
      written.push(text);
      return text;
    },
    feedCalendar: (...args: Parameters<typeof original.feedCalendar>) => {
      const text = original.feedCalendar(...args);
      written.push(text);
      return text;
    },
    seriesCalendar: (...args: Parameters<typeof original.seriesCalendar>) => {
      const text = original.seriesCalendar(...args);
      written.push(text);
      return text;
    },
  };
});

afterAll(() => {
  const broken = written
    .map((text) => ({ problems: calendarViolations(text), text }))
    .filter((each) => each.problems.length > 0);
  expect(broken, `${broken.length} of ${written.length} calendar files break RFC 5545`).toEqual([]);
});
