import fc from 'fast-check';
import type { BookingRecord, SeriesRecord } from '../bookings';
import { seriesSinceJoining, sinceJoining } from './sessions';
import { sharedSessionView } from './views';

/**
 * Whatever the sessions, the join and the booker's note: a participant's own view and their copy
 * of a series message hold only the sessions from the moment they joined, and never the note.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const FIRST = Date.parse('2027-03-09T18:00:00Z');
const SERVICES = [{ id: 2, name: 'Couples Counselling' }] as never;
const booker = { uid: 'booker', email: 'ada@example.test', name: 'Ada Booker' };

const session = (index: number, note: string, status: BookingRecord['status']): BookingRecord => ({
  id: `s${index}`,
  client: booker,
  serviceId: 2,
  start: new Date(FIRST + index * WEEK_MS),
  end: new Date(FIRST + index * WEEK_MS + 60 * 60 * 1000),
  status,
  note,
  createdAt: new Date(FIRST - WEEK_MS),
  updatedAt: new Date(FIRST - WEEK_MS),
  seriesId: 'r1',
  occurrence: new Date(FIRST + index * WEEK_MS),
  sequence: 0,
});

const scenario = fc.record({
  weeks: fc.integer({ min: 1, max: 12 }),
  statuses: fc.array(fc.constantFrom('requested', 'confirmed', 'cancelled', 'declined'), {
    minLength: 12,
    maxLength: 12,
  }),
  // Any moment from a week before the first session to a week after the last.
  joinedAfterMs: fc.integer({ min: -WEEK_MS, max: 13 * WEEK_MS }),
  note: fc.stringMatching(/^[A-Za-z0-9 ]{6,40}$/).map((text) => `NOTE<${text}>`),
  now: fc.integer({ min: -WEEK_MS, max: 13 * WEEK_MS }),
});

describe('a participant’s own view, over any sessions and any moment of joining', () => {
  it('lists exactly the sessions not over when they joined, without the booker’s note', () => {
    fc.assert(
      fc.property(scenario, ({ weeks, statuses, joinedAfterMs, note, now }) => {
        const sessions = Array.from({ length: weeks }, (_, index) =>
          session(index, note, statuses[index] ?? 'confirmed'),
        );
        const joinedAt = new Date(FIRST + joinedAfterMs);
        const theirs = sinceJoining(sessions, joinedAt);
        expect(theirs.map((each) => each.id)).toEqual(
          sessions
            .filter((each) => each.end.getTime() >= joinedAt.getTime())
            .map((each) => each.id),
        );
        const room = { others: [], children: [], intakeToDo: true };
        const views = theirs.map((each) =>
          sharedSessionView(each, room, { services: SERVICES }, new Date(FIRST + now)),
        );
        for (const view of views) {
          expect(Date.parse(view.end)).toBeGreaterThanOrEqual(joinedAt.getTime());
          expect(view.coming).toEqual(['Ada Booker']);
          expect(view.actions.every((action) => action === 'cancel')).toBe(true);
        }
        const text = JSON.stringify(views);
        expect(text).not.toContain(note);
        expect(text).not.toContain(booker.email);

        const record: SeriesRecord = {
          id: 'r1',
          client: booker,
          serviceId: 2,
          everyWeeks: 1,
          firstStart: new Date(FIRST),
          localTime: '18:00',
          status: 'confirmed',
          note,
          bookedThrough: new Date(FIRST + weeks * WEEK_MS),
          endedAt: null,
          createdAt: new Date(FIRST - WEEK_MS),
          updatedAt: new Date(FIRST - WEEK_MS),
        };
        const skipped = [new Date(FIRST + 2.5 * WEEK_MS), new Date(FIRST + 6.5 * WEEK_MS)];
        const copy = seriesSinceJoining({ record, sessions, skipped }, joinedAt);
        expect(copy.sessions.map((each) => each.id)).toEqual(theirs.map((each) => each.id));
        expect(copy.skipped.every((week) => week >= joinedAt)).toBe(true);
        if (copy.sessions[0]) expect(copy.record.firstStart).toEqual(copy.sessions[0].start);
        expect(JSON.stringify(copy)).not.toContain(note);
      }),
      { numRuns: 300 },
    );
  });

  it('a participant who has not joined (no answer time) has no sessions', () => {
    expect(sinceJoining([session(0, 'x', 'confirmed')], null)).toEqual([]);
  });
});
