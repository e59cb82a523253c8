// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, noteKeptUntil, RECORD_SCHEDULE_ROWS, recordKeptUntil } from './retention';
import { practiceDate } from './time';

const at = (iso: string) => new Date(iso);

describe('the record schedule (shared/retention.ts)', () => {
  it('states each rule from its numbers, for the table in docs/clinical-record.md', () => {
    expect(RECORD_SCHEDULE_ROWS.map((row) => row.keptUntil)).toEqual([
      '7 years from their last session',
      'their 25th birthday (26th if they were 17), or 7 years from their last session, whichever is later',
      expect.stringMatching(/^the youngest child’s 25th birthday/),
      'the latest date of everyone who was in the room',
      '1 year from their last activity (intake, questionnaire, request)',
    ]);
  });

  it('keeps an adult’s record 7 years from their last session', () => {
    expect(
      recordKeptUntil({
        lastSession: at('2027-03-02T10:00:00Z'),
        dateOfBirth: '1990-05-01',
        lastActivity: at('2027-03-02T10:00:00Z'),
      }).toISOString(),
    ).toBe('2034-03-02T10:00:00.000Z');
  });

  it('keeps a 17-year-old’s to their 26th birthday, a 16-year-old’s to their 25th (London midnight)', () => {
    const lastSession = at('2027-03-02T10:00:00Z');
    expect(
      recordKeptUntil({ lastSession, dateOfBirth: '2009-06-15', lastActivity: lastSession }),
    ).toEqual(at('2035-06-14T23:00:00Z')); // 26th birthday, BST
    expect(
      recordKeptUntil({ lastSession, dateOfBirth: '2010-06-15', lastActivity: lastSession }),
    ).toEqual(at('2035-06-14T23:00:00Z')); // 25th birthday
    // A child of 4: the 25th birthday is later than 7 years.
    expect(
      recordKeptUntil({ lastSession, dateOfBirth: '2022-12-01', lastActivity: lastSession }),
    ).toEqual(at('2047-12-01T00:00:00Z'));
    // 17 and a birthday next week: still 17 at the last session.
    expect(ageOn('2009-03-09', lastSession)).toBe(17);
    expect(ageOn('2009-03-02', lastSession)).toBe(18);
  });

  it('keeps the record of someone who never had a session one year from their last activity', () => {
    expect(
      recordKeptUntil({
        lastSession: null,
        dateOfBirth: null,
        lastActivity: at('2027-03-02T10:00:00Z'),
      }),
    ).toEqual(at('2028-03-02T10:00:00Z'));
  });

  it('keeps a shared note to the latest date in the room, a family’s to the youngest child’s 25th birthday', () => {
    const booker = at('2034-03-02T10:00:00Z');
    const partner = at('2035-01-10T10:00:00Z');
    expect(noteKeptUntil({ recordDates: [booker, partner] })).toEqual(partner);
    expect(
      noteKeptUntil({
        recordDates: [booker],
        youngestChild: { ageYears: 3, bookedAt: at('2027-02-20T10:00:00Z') },
      }),
    ).toEqual(at('2049-02-20T10:00:00Z'));
  });
});

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const dateOfBirth = fc
  .date({
    min: new Date('1930-01-01T00:00:00Z'),
    max: new Date('2059-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

describe('never before its date, over any record (property)', () => {
  it('a record with sessions outlives 7 years from the last; a minor’s, their 25th birthday', () => {
    fc.assert(
      fc.property(
        fc.array(instant, { minLength: 1, maxLength: 12 }),
        dateOfBirth,
        (sessions, born) => {
          const last = new Date(Math.max(...sessions.map((each) => each.getTime())));
          const kept = recordKeptUntil({
            lastSession: last,
            dateOfBirth: born,
            lastActivity: last,
          });
          const sevenYears = new Date(last);
          sevenYears.setUTCFullYear(sevenYears.getUTCFullYear() + 7);
          expect(kept.getTime()).toBeGreaterThanOrEqual(sevenYears.getTime());
          // Every session of the record is before its date, and so is anyone's 18th birthday.
          for (const session of sessions) expect(kept.getTime()).toBeGreaterThan(session.getTime());
          if (ageOn(born, last) < 18) {
            const twentyFifth = `${Number(born.slice(0, 4)) + 25}${born.slice(4)}`;
            expect(ageOn(born, kept)).toBeGreaterThanOrEqual(25);
            expect(practiceDate(kept) >= twentyFifth.replace('-02-29', '-02-28')).toBe(true);
          }
        },
      ),
    );
  });

  it('a note outlives every record of its room, and the youngest child’s 25th birthday', () => {
    fc.assert(
      fc.property(
        fc.array(instant, { minLength: 1, maxLength: 6 }),
        fc.option(fc.record({ ageYears: fc.integer({ min: 0, max: 17 }), bookedAt: instant })),
        (recordDates, youngestChild) => {
          const kept = noteKeptUntil({ recordDates, ...(youngestChild && { youngestChild }) });
          for (const each of recordDates)
            expect(kept.getTime()).toBeGreaterThanOrEqual(each.getTime());
          if (youngestChild) {
            // Born at the latest ageYears before the booking: 25 then at the earliest here.
            const born = new Date(youngestChild.bookedAt);
            born.setUTCFullYear(born.getUTCFullYear() - youngestChild.ageYears);
            const twentyFifth = new Date(born);
            twentyFifth.setUTCFullYear(born.getUTCFullYear() + 25);
            expect(kept.getTime()).toBeGreaterThanOrEqual(twentyFifth.getTime());
          }
        },
      ),
    );
  });
});
