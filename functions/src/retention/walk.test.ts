import { createAccounts } from '../testing/factories/accounts';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { confirmedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';
import { applyRetention } from './apply';

/**
 * A walk through the record schedule (shared/retention.ts): each record is deleted at its own
 * date and not a millisecond before, decided from the record itself (the hourly job runs on and
 * the bookings it was read from go meanwhile).
 */

const NOW = new Date('2027-03-01T09:00:00Z');
const justBefore = (at: Date) => new Date(at.getTime() - 1);

const { adult, seventeen, noSession, current, booker, partner, parent, practitioner, child } =
  await createAccounts({
    child: { name: 'Cy Child' },
    parent: { name: 'Fay Family' },
    adult: { name: 'Ada Adult' },
    seventeen: { name: 'Sam Seventeen' },
    noSession: { name: 'Nat Nosession' },
    current: { name: 'Cal Current' },
    booker: { name: 'Bea Booker' },
    partner: { name: 'Pat Partner' },
    practitioner: { practitioner: true, name: 'Dr Practitioner' },
  });

describe.each(DATABASE_KINDS)('the retention walk on %s', (kind) => {
  const { db, request } = useApiStack(kind, { now: () => NOW });

  const recordsHeld = async () =>
    new Set(
      (await db.selectFrom('intakes').select('client_uid').execute()).map((r) => r.client_uid),
    );
  const notesHeld = async () =>
    new Set((await db.selectFrom('session_notes').select('id').execute()).map((row) => row.id));

  it('deletes each record at its date: adult, 17-year-old, family with a child of 3, no session, current client, a partner later than the booker', async () => {
    const intake = async (who: TestAccount, dateOfBirth = INTAKE.dateOfBirth) =>
      expect((await request('PUT', '/intake', who, { ...INTAKE, dateOfBirth })).status).toBe(200);
    for (const who of [adult, noSession, current, booker, partner, parent]) await intake(who);
    await intake(seventeen, '2009-06-15');
    await confirmedSession(db, adult, '2027-02-22T10:00:00Z');
    await confirmedSession(db, seventeen, '2027-02-22T11:00:00Z');
    await confirmedSession(db, current, '2027-02-22T12:00:00Z');
    await confirmedSession(db, current, '2027-03-10T10:00:00Z'); // still ahead today
    const couple = await confirmedSession(db, booker, '2027-02-22T14:00:00Z', { serviceId: 2 });
    await db
      .insertInto('participants')
      .values({
        booking_id: couple.id,
        booker_uid: booker.uid,
        kind: 'adult',
        name: 'Pat Partner',
        email: partner.email.toLowerCase(),
        status: 'joined',
        uid: partner.uid,
        created_at: new Date('2027-02-15T09:00:00Z'),
        responded_at: new Date('2027-02-16T09:00:00Z'),
      })
      .execute();
    // The partner's own last session is later than the booker's.
    await confirmedSession(db, partner, '2027-02-26T10:00:00Z');
    // A family session with a child of 3 (the age the booking gave).
    const family = await confirmedSession(db, parent, '2027-02-23T10:00:00Z', { serviceId: 3 });
    await db
      .insertInto('participants')
      .values({
        booking_id: family.id,
        booker_uid: parent.uid,
        kind: 'child',
        name: 'Kit',
        email: null,
        age_years: 3,
        created_at: new Date('2027-02-15T09:00:00Z'),
      })
      .execute();
    for (const { id } of [couple, family]) {
      const notePath = `/practice/bookings/${id}/note`;
      expect((await request('PUT', notePath, practitioner, { text: 'Spoke.' })).status).toBe(200);
      expect((await request('POST', `${notePath}/sign`, practitioner)).status).toBe(200);
    }
    // Each note by its session (the bookings go before the notes do).
    const noteOf = async (bookingId: string) =>
      (
        await db
          .selectFrom('session_notes')
          .select('id')
          .where('booking_id', '=', bookingId)
          .executeTakeFirstOrThrow()
      ).id;
    const coupleNote = await noteOf(couple.id);
    const familyNote = await noteOf(family.id);
    // The family's note: to the youngest child's 25th birthday, at the latest 22 years on.
    const childTwentyFive = new Date('2049-02-15T09:00:00Z');

    const partnersDate = new Date('2034-02-26T10:00:00Z');
    const walk: [TestAccount, Date][] = [
      [noSession, new Date('2028-03-01T09:00:00Z')], // a year from the intake
      [adult, new Date('2034-02-22T10:00:00Z')], // 7 years
      [booker, new Date('2034-02-22T14:00:00Z')],
      [parent, new Date('2034-02-23T10:00:00Z')],
      [partner, partnersDate],
      [current, new Date('2034-03-10T10:00:00Z')], // 7 years from the session ahead today
      [seventeen, new Date('2035-06-14T23:00:00Z')], // 26th birthday, London midnight (BST)
    ];
    for (const [index, [who, date]] of walk.entries()) {
      await applyRetention(db, justBefore(date));
      const before = await recordsHeld();
      for (const [later] of walk.slice(index))
        expect(before.has(later.uid), `${later.email} before step ${index}`).toBe(true);
      await applyRetention(db, date);
      const after = await recordsHeld();
      expect(after.has(who.uid), who.email).toBe(false);
      for (const [later] of walk.slice(index + 1))
        expect(after.has(later.uid), `${later.email} after step ${index}`).toBe(true);
      // The couple's note stays while the partner is kept, and goes with them.
      const notes = await notesHeld();
      expect(notes.has(coupleNote), `couple's note at step ${index}`).toBe(date < partnersDate);
      expect(notes.has(familyNote), `family's note at step ${index}`).toBe(true);
      // Idempotent: run again at once, nothing more goes.
      expect((await applyRetention(db, date)).clinicalRecords).toBe(0);
    }
    // The family's note outlives every record, to the youngest child's 25th birthday.
    await applyRetention(db, justBefore(childTwentyFive));
    expect((await notesHeld()).has(familyNote)).toBe(true);
    expect((await applyRetention(db, childTwentyFive)).clinicalRecords).toBe(1);
    expect(await notesHeld()).toEqual(new Set());
  });

  it('a child’s sessions held stay as long as their record, not the adult’s seven years', async () => {
    // 11 at their last session: their record is kept to their 25th birthday, London midnight.
    // Written as saveIntake writes it: the API's PUT is rate-limited on the wall clock, and the
    // walk above has just used it seven times.
    await db
      .insertInto('intakes')
      .values({
        client_uid: child.uid,
        client_email: child.email,
        client_name: 'Cy Child',
        details: JSON.stringify({ ...INTAKE, dateOfBirth: '2015-06-15' }),
        agreement_version: 'test',
        agreed_at: NOW,
        agreed_from: '192.0.2.1',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const session = await confirmedSession(db, child, '2027-02-22T11:00:00Z');
    const twentyFifth = new Date('2040-06-14T23:00:00Z');
    const sessionHeld = async () =>
      (await db.selectFrom('bookings').select('id').where('id', '=', session.id).execute()).length;
    // Seven years and a day after it: an adult's held session would be gone by now.
    await applyRetention(db, new Date('2034-02-23T12:00:00Z'));
    expect(await sessionHeld()).toBe(1);
    await applyRetention(db, justBefore(twentyFifth));
    expect(await sessionHeld()).toBe(1);
    expect((await recordsHeld()).has(child.uid)).toBe(true);
    await applyRetention(db, twentyFifth);
    expect((await recordsHeld()).has(child.uid)).toBe(false);
    expect(await sessionHeld()).toBe(0);
  });
});
