import type { Block, PracticeBooking } from '../../../shared/booking';
import {
  bookingsWithin,
  gridPlace,
  openingOn,
  openingSpan,
  outsideSeries,
  reminderText,
  seriesCadences,
  waitingRequests,
  weekGrid,
} from './diary-layout';

function booking(id: string, start: string, minutes: number, extra: Partial<PracticeBooking> = {}) {
  return {
    id,
    serviceId: 1,
    start,
    end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    status: 'confirmed',
    note: '',
    clientName: id,
    clientEmail: `${id}@example.com`,
    ...extra,
  } satisfies PracticeBooking;
}

// The week of Monday 6 April 2026 (BST, UTC+1).
const WEEK = [
  '2026-04-06',
  '2026-04-07',
  '2026-04-08',
  '2026-04-09',
  '2026-04-10',
  '2026-04-11',
  '2026-04-12',
];

describe('the opening hours', () => {
  it('run from the earliest opening (08:00) to the latest close, 01:00 after Friday and Saturday', () => {
    expect(openingSpan()).toEqual({ first: 8 * 60, last: 25 * 60 });
    expect(openingOn('2026-04-10')).toEqual({ opens: 8 * 60, closes: 25 * 60 }); // Friday
    expect(openingOn('2026-04-08')).toEqual({ opens: 8 * 60, closes: 21 * 60 }); // Wednesday
    expect(openingOn('2026-04-12')).toEqual({ opens: 9 * 60, closes: 22 * 60 }); // Sunday
  });
});

describe('where a time sits in the grid', () => {
  it('by London wall-clock time, whatever the UTC offset', () => {
    expect(gridPlace('2026-04-08T09:00:00Z')).toEqual({ date: '2026-04-08', minutes: 10 * 60 });
    expect(gridPlace('2026-01-07T09:00:00Z')).toEqual({ date: '2026-01-07', minutes: 9 * 60 });
  });

  it('after midnight on a late evening, in the evening before', () => {
    // Saturday 00:30 London is Friday night.
    expect(gridPlace('2026-04-10T23:30:00Z')).toEqual({
      date: '2026-04-10',
      minutes: 24 * 60 + 30,
    });
  });

  it('lays out the week in half-hour rows, sessions and blocks by their times', () => {
    const grid = weekGrid(
      WEEK,
      [
        booking('ten', '2026-04-08T09:00:00Z', 50),
        booking('late', '2026-04-10T23:00:00Z', 50),
        booking('gone', '2026-04-08T12:00:00Z', 50, { status: 'cancelled' }),
      ],
      [
        {
          id: 'b',
          start: '2026-04-09T13:00:00Z',
          end: '2026-04-09T16:00:00Z',
          reason: 'Training',
        } satisfies Block,
      ],
    );
    expect(grid.rows).toBe(34); // 08:00 to 01:00
    expect(grid.hours[0]).toEqual({ label: '08:00', row: 1 });
    expect(grid.hours.at(-1)).toEqual({ label: '00:00', row: 33 });
    const wednesday = grid.days[2]!;
    // 10:00 to 10:50: rows 5 (10:00) to 7 (the end of 10:30-11:00); the cancelled one is not in the grid.
    expect(
      wednesday.bookings.map(({ booking: b, rowStart, rowEnd }) => [b.id, rowStart, rowEnd]),
    ).toEqual([['ten', 5, 7]]);
    // Wednesday closes at 21:00: greyed from there to the grid's end.
    expect(wednesday.closed).toEqual([{ rowStart: 27, rowEnd: 35 }]);
    expect(grid.days[4]!.bookings.map(({ rowStart, rowEnd }) => [rowStart, rowEnd])).toEqual([
      [33, 35],
    ]);
    const thursday = grid.days[3]!;
    expect(thursday.blocks).toMatchObject([
      { rowStart: 13, rowEnd: 19, from: '14:00', to: '17:00' },
    ]);
    // Sunday opens at 09:00.
    expect(grid.days[6]!.closed[0]).toEqual({ rowStart: 1, rowEnd: 3 });
  });

  it('widens the grid for a session outside the opening hours, and puts overlaps side by side', () => {
    const grid = weekGrid(
      WEEK,
      [
        booking('early', '2026-04-08T05:00:00Z', 60),
        booking('a', '2026-04-08T09:00:00Z', 60, { status: 'requested' }),
        booking('b', '2026-04-08T09:30:00Z', 60, { status: 'requested' }),
      ],
      [],
    );
    expect(grid.first).toBe(6 * 60);
    expect(grid.days[2]!.lanes).toBe(2);
    expect(grid.days[2]!.bookings.map((item) => item.lane)).toEqual([0, 0, 1]);
  });

  it('shows a block of several days on each of them, clipped to the grid', () => {
    const grid = weekGrid(
      WEEK,
      [],
      [{ id: 'away', start: '2026-04-08T23:00:00Z', end: '2026-04-10T23:00:00Z', reason: '' }],
    );
    // Wednesday's column runs on to 01:00 on Thursday morning.
    expect(grid.days.map((day) => day.blocks.map((item) => `${item.from}-${item.to}`))).toEqual([
      [],
      [],
      ['00:00-01:00'],
      ['08:00-01:00'],
      ['08:00-00:00'],
      [],
      [],
    ]);
  });
});

describe('the requests waiting for an answer', () => {
  it('are the requests still ahead, earliest first', () => {
    const now = Date.parse('2026-04-08T08:00:00Z');
    const list = waitingRequests(
      [
        booking('c', '2026-04-20T09:00:00Z', 50, { status: 'requested' }),
        booking('past', '2026-04-08T07:00:00Z', 50, { status: 'requested' }),
        booking('a', '2026-04-09T09:00:00Z', 50, { status: 'requested' }),
        booking('confirmed', '2026-04-09T11:00:00Z', 50),
        booking('b', '2026-04-10T09:00:00Z', 50, { status: 'requested' }),
      ],
      now,
    );
    expect(list.map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('what a block covers', () => {
  it('is every active booking that overlaps it, not the ones that only touch it', () => {
    const covered = bookingsWithin(
      [
        booking('before', '2026-04-09T12:00:00Z', 60),
        booking('inside', '2026-04-09T13:30:00Z', 50, { status: 'requested' }),
        booking('across', '2026-04-09T15:30:00Z', 60),
        booking('cancelled', '2026-04-09T14:00:00Z', 50, { status: 'cancelled' }),
      ],
      new Date('2026-04-09T13:00:00Z'),
      new Date('2026-04-09T16:00:00Z'),
    );
    expect(covered.map((item) => item.id)).toEqual(['inside', 'across']);
  });
});

describe('the reminder, in words', () => {
  it.each([
    [
      { due: '2026-04-08T09:00:00Z', sentAt: null, failed: false },
      'Reminder due Wednesday 8 April 10:00',
      'Reminder due',
    ],
    [
      { due: '2026-04-08T09:00:00Z', sentAt: '2026-04-08T09:01:00Z', failed: false },
      'Reminder sent Wednesday 8 April 10:01',
      'Reminder sent',
    ],
    [
      { due: '2026-04-08T09:00:00Z', sentAt: null, failed: true },
      'Reminder not sent',
      'Reminder not sent',
    ],
    [
      { due: '2026-01-08T09:00:00Z', sentAt: null, failed: false },
      'Reminder due Thursday 8 January 09:00',
      'Reminder due',
    ],
  ])('%o', (reminder, long, short) => {
    expect(reminderText(reminder)).toBe(long);
    expect(reminderText(reminder, true)).toBe(short);
  });
});

describe('series in the diary', () => {
  const at = (date: string) => `${date}T17:00:00Z`;

  it('reads each series’ cadence from its closest two sessions, across the clocks changing', () => {
    const cadences = seriesCadences([
      booking('w1', at('2026-03-24'), 50, { seriesId: 'weekly' }),
      // 18:00 in London both times: BST began on 29 March, so the week is an hour short in UTC.
      booking('w2', '2026-03-31T17:00:00Z', 50, { seriesId: 'weekly' }),
      booking('w4', at('2026-04-14'), 50, { seriesId: 'weekly' }),
      booking('f1', at('2026-04-07'), 50, { seriesId: 'fortnightly' }),
      booking('f2', at('2026-04-21'), 50, { seriesId: 'fortnightly' }),
      booking('alone', at('2026-04-07'), 50, { seriesId: 'alone' }),
      booking('one-off', at('2026-04-08'), 50, { seriesId: null }),
    ]);
    expect(Object.fromEntries(cadences)).toEqual({ weekly: 1, fortnightly: 2 });
  });

  it('takes a series’ own cadence over its sessions', () => {
    const cadences = seriesCadences(
      [booking('a', at('2026-04-07'), 50, { seriesId: 's' })],
      [{ id: 's', everyWeeks: 2 }],
    );
    expect(cadences.get('s')).toBe(2);
  });

  it('leaves out the sessions of the series answered as one item', () => {
    const bookings = [
      booking('in', at('2026-04-07'), 50, { seriesId: 's' }),
      booking('other', at('2026-04-07'), 50, { seriesId: 't' }),
      booking('one-off', at('2026-04-08'), 50),
    ];
    expect(outsideSeries(bookings, [{ id: 's' }]).map((each) => each.id)).toEqual([
      'other',
      'one-off',
    ]);
  });
});
