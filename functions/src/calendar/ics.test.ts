import type { BookingRecord, SeriesRecord } from '../bookings';
import { calendarViolations, expandStarts as expand } from '../testing/calendar-rules';
import { feedCalendar, seriesCalendar, sessionCalendar } from './ics';

const WEEK = 7 * 86_400_000;
const HOUR = 3_600_000;
const context = {
  service: {
    id: 1,
    name: 'Individual counselling',
    price: 240,
    session: 4,
    format: 'in-person' as const,
  },
  practiceEmail: 'diary@practice.test',
};
const client = { uid: 'u1', email: 'ada@example.test', name: 'Ada Client' };
const first = new Date('2027-03-02T10:00:00Z'); // Tuesday 10:00 in London (GMT)

function session(index: number, status: BookingRecord['status']): BookingRecord {
  const start = new Date(first.getTime() + index * WEEK - (index >= 4 ? HOUR : 0)); // BST from 28 March
  return {
    id: `b${index}`,
    client,
    serviceId: 1,
    status,
    note: '',
    createdAt: first,
    updatedAt: new Date('2027-03-01T09:00:00Z'),
    seriesId: 's1',
    occurrence: start,
    sequence: 0,
    start,
    end: new Date(start.getTime() + 50 * 60_000),
  };
}

const record = (status: SeriesRecord['status']): SeriesRecord => ({
  id: 's1',
  client,
  serviceId: 1,
  everyWeeks: 1,
  firstStart: first,
  localTime: '10:00',
  status,
  note: '',
  bookedThrough: new Date(first.getTime() + 8 * WEEK),
  endedAt: status === 'ended' ? new Date('2027-03-20T12:00:00Z') : null,
  createdAt: first,
  updatedAt: new Date('2027-03-20T12:00:00Z'),
});

const line = (calendar: string, name: string) =>
  new RegExp(`^${name}[;:](.*)$`, 'm').exec(calendar.split('BEGIN:VEVENT')[1] ?? '')?.[1];

describe('calendar files keep RFC 5545', () => {
  it('a session: DTSTAMP in UTC, DTSTART in London time with its VTIMEZONE', () => {
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const file = sessionCalendar(session(0, 'confirmed'), method, context);
      expect(line(file, 'DTSTAMP')).toBe('20270301T090000Z');
      expect(line(file, 'DTSTART')).toBe('TZID=Europe/London:20270302T100000');
      expect(calendarViolations(file)).toEqual([]);
    }
  });

  it('an ended series is an update whose RRULE stops at UNTIL in UTC, not a list of EXDATEs', () => {
    // Held: weeks 0-2 (week 1 skipped), week 3 the last; weeks 4-7 cancelled by the end.
    const sessions = [0, 2, 3, 4, 5, 6, 7].map((index) =>
      session(index, index <= 3 ? 'confirmed' : 'cancelled'),
    );
    const skipped = [new Date(first.getTime() + WEEK)];
    const ended = seriesCalendar({ record: record('ended'), sessions, skipped }, context);
    expect(calendarViolations(ended)).toEqual([]);
    expect(line(ended, 'RRULE')).toBe('FREQ=WEEKLY;INTERVAL=1;UNTIL=20270323T100000Z');
    expect(line(ended, 'SEQUENCE')).toBe('1');
    expect(line(ended, 'DTSTAMP')).toBe('20270320T120000Z');
    expect(line(ended, 'EXDATE')).toBe('TZID=Europe/London:20270309T100000');
    expect(expand(ended, new Date('2028-01-01'))).toEqual([
      '2027-03-02T10:00:00.000Z',
      '2027-03-16T10:00:00.000Z',
      '2027-03-23T10:00:00.000Z',
    ]);

    const running = seriesCalendar(
      {
        record: record('confirmed'),
        sessions: sessions.map((each) => ({ ...each, status: 'confirmed' })),
        skipped,
      },
      context,
    );
    expect(calendarViolations(running)).toEqual([]);
    expect(line(running, 'RRULE')).toBe('FREQ=WEEKLY;INTERVAL=1');
    // Across the clocks' change the session stays at 10:00 London time (09:00 UTC).
    expect(expand(running, new Date('2027-03-31'))).toContain('2027-03-30T09:00:00.000Z');
  });

  it('the rules catch what the library wrote before: local DTSTAMP, local UNTIL with a TZID', () => {
    const good = sessionCalendar(session(0, 'confirmed'), 'REQUEST', context);
    const localStamp = good.replace(/^DTSTAMP:(\d{8}T\d{6})Z/m, 'DTSTAMP:$1');
    expect(calendarViolations(localStamp).join(' ')).toMatch(/DTSTAMP .* is not a UTC date-time/);
    const ended = seriesCalendar(
      { record: record('ended'), sessions: [session(0, 'confirmed')], skipped: [] },
      context,
    );
    const localUntil = ended.replace(/UNTIL=(\d{8}T\d{6})Z/, 'UNTIL=$1');
    expect(calendarViolations(localUntil).join(' ')).toMatch(
      /UNTIL=20270302T100000 does not match/,
    );
  });

  it('the practitioner’s feed: initials only, a stable UID per session, and valid when empty', () => {
    const feed = (bookings: BookingRecord[]) =>
      feedCalendar({
        bookings,
        blocks: [],
        services: [context.service],
        practiceEmail: context.practiceEmail,
      });
    const full = feed([session(0, 'confirmed'), session(1, 'confirmed')]);
    expect(calendarViolations(full)).toEqual([]);
    expect(full).not.toMatch(/^METHOD/m);
    expect(line(full, 'SUMMARY')).toBe('Individual counselling: AC');
    expect(line(full, 'UID')).toBe('session-b0.diary@practice.test');
    expect(line(full, 'DTSTAMP')).toBe('20270301T090000Z');
    for (const secret of ['Ada', client.email, 'u1']) expect(full).not.toContain(secret);
    const empty = feed([]);
    expect(calendarViolations(empty)).toEqual([]);
    expect(empty).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/London/);
    // An invitation with no event is still caught.
    const hollow = sessionCalendar(session(0, 'confirmed'), 'REQUEST', context).replace(
      /BEGIN:VEVENT[\s\S]*END:VEVENT\r\n/,
      '',
    );
    expect(calendarViolations(hollow)).toContain('It has no VEVENT.');
  });
});
