import { sql, type Kysely } from 'kysely';
import { PARTICIPANT_RULES } from '../../../shared/participants';
import { insertBooking } from '../bookings';
import type { Database } from '../platform/database/database';
import { up as childrenAged } from '../platform/database/migrations/0029_children_aged';
import { DATABASE_KINDS, freshDatabase } from '../testing/databases';

/**
 * A child in the room has an age in years, 0 to the rule's oldest (shared/participants.ts): the
 * API refuses anything else with a sentence (participants.test.ts), and the database refuses it
 * too, whatever writes the row. The rows the rule finds outside it are given the age that keeps
 * their family's notes at least as long as their true age would.
 */

const OLDEST = PARTICIPANT_RULES.childMaxAge;
const CHECK_VIOLATION = '23514';

describe.each(DATABASE_KINDS)('a child’s age in the database on %s', (kind) => {
  let db: Database;
  let bookingId: string;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    const start = new Date('2027-03-09T10:00:00Z');
    const made = await insertBooking(
      db,
      {
        client: { uid: 'family-booker', email: 'fay@example.test', name: 'Fay' },
        serviceId: 3,
        start,
        end: new Date(start.getTime() + 75 * 60_000),
        busyUntil: new Date(start.getTime() + 90 * 60_000),
        note: '',
      },
      { maxOpenRequests: 3, now: new Date('2027-03-01T09:00:00Z') },
    );
    if (made.outcome !== 'created') throw new Error(made.outcome);
    bookingId = made.booking.id;
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await db.deleteFrom('participants').execute();
  });

  const child = (name: string, ageYears: number | null) =>
    db
      .insertInto('participants')
      .values({
        booking_id: bookingId,
        booker_uid: 'family-booker',
        kind: 'child',
        name,
        age_years: ageYears,
        created_at: new Date(),
      })
      .execute();
  const ages = async () =>
    (
      await db
        .selectFrom('participants')
        .select(['name', 'age_years'])
        .where('kind', '=', 'child')
        .orderBy('name')
        .execute()
    ).map((row) => [row.name, row.age_years]);

  it.each([null, -1, OLDEST + 1, 17])('refuses a child aged %s', async (age) => {
    await expect(child('Kit', age)).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it(`keeps a child aged 0 to ${OLDEST}, and an adult without an age`, async () => {
    await child('Ava', 0);
    await child('Kit', OLDEST);
    await db
      .insertInto('participants')
      .values({
        booking_id: bookingId,
        booker_uid: 'family-booker',
        kind: 'adult',
        name: 'Gran',
        email: 'gran@example.test',
        created_at: new Date(),
      })
      .execute();
    expect(await ages()).toEqual([
      ['Ava', 0],
      ['Kit', OLDEST],
    ]);
  });

  it('the migration gives rows outside the rule the age that keeps their notes longest, then holds the rule', async () => {
    // As before the migration: any age 0 to 17, or none.
    await sql`alter table participants drop constraint participants_child_age`.execute(db);
    await child('Ava', null);
    await child('Ben', 17);
    await child('Kit', 16);
    await child('Mia', 7);
    await childrenAged(db as Kysely<unknown>);
    expect(await ages()).toEqual([
      ['Ava', 0],
      ['Ben', OLDEST],
      ['Kit', OLDEST],
      ['Mia', 7],
    ]);
    await expect(child('Noor', null)).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });
});
