import fc from 'fast-check';
import { recordKeptUntil, retentionEnds } from '../../../shared/retention';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';
import { applyRetention } from './apply';

/**
 * Over any sequence of the hourly job's runs, a client's session held is never deleted before
 * their record's own date (shared/retention.ts: a child's to their 25th or 26th birthday), and is
 * gone once both that date and seven years from its end have passed.
 */

const NOW = new Date('2027-03-01T09:00:00Z');
const SESSION = '2027-02-22T11:00:00Z';
const SESSION_END = new Date('2027-02-22T12:00:00Z');
const DAY_MS = 86_400_000;

const { client } = await createAccounts({ client: { name: 'Cy Client' } });

/**
 * A date of birth from a few months to 60 years old at the session, any day of the year (the
 * intake takes no date after today's, on the wall clock).
 */
const dateOfBirth = fc
  .integer({ min: 120, max: 60 * 365 })
  .map((daysOld) => new Date(Date.parse(SESSION) - daysOld * DAY_MS).toISOString().slice(0, 10));
/** The job's runs, up to 30 years on, in order (any hours, any gaps). */
const runs = fc
  .array(fc.integer({ min: 0, max: 30 * 365 * 24 }), { minLength: 1, maxLength: 6 })
  .map((hours) =>
    hours.sort((a, b) => a - b).map((hour) => new Date(NOW.getTime() + hour * 3_600_000)),
  );

describe.each(DATABASE_KINDS)('a session held, over any runs of the job, on %s', (kind) => {
  const { db } = useApiStack(kind, { now: () => NOW });
  const held = async (id: string) =>
    (await db.selectFrom('bookings').select('id').where('id', '=', id).execute()).length === 1;

  it('stays until the record’s date, and goes once that and seven years from its end have passed', async () => {
    await fc.assert(
      fc.asyncProperty(dateOfBirth, runs, async (born, times) => {
        // Each case from nothing, even after one that failed half-way (so shrinking is honest).
        for (const table of ['clinical_retention', 'intakes', 'bookings'] as const)
          await db.deleteFrom(table).where('client_uid', '=', client.uid).execute();
        // Written as saveIntake writes it (the API's own PUT is rate-limited on the wall clock).
        await db
          .insertInto('intakes')
          .values({
            client_uid: client.uid,
            client_email: client.email,
            client_name: 'Cy Client',
            details: JSON.stringify({ ...INTAKE, dateOfBirth: born }),
            agreement_version: 'test',
            agreed_at: NOW,
            agreed_from: '192.0.2.1',
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
        const session = await confirmedSession(db, client, SESSION);
        const recordDate = recordKeptUntil({
          lastSession: new Date(SESSION),
          dateOfBirth: born,
          lastActivity: NOW,
        });
        const goneBy = new Date(
          Math.max(recordDate.getTime(), retentionEnds(SESSION_END).getTime()),
        );
        for (const time of times) {
          await applyRetention(db, time);
          if (time < recordDate)
            expect(await held(session.id), `${born} at ${time.toISOString()}`).toBe(true);
          if (time >= goneBy)
            expect(await held(session.id), `${born} at ${time.toISOString()}`).toBe(false);
        }
        // Past every date, the job leaves nothing of them: the next case starts clean.
        await applyRetention(db, new Date(goneBy.getTime() + DAY_MS));
        expect(await held(session.id)).toBe(false);
        expect(await db.selectFrom('intakes').select('client_uid').execute()).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
