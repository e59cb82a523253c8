import { sql } from 'kysely';
import { DATABASE_KINDS, emptyTables, freshDatabase } from '../testing/databases';
import { blocksOverlapping, insertBlock, removeBlock } from '../hours';
import {
  bookingsStartingWithin,
  busyIntervals,
  changeStatus,
  clientBookings,
  deleteClientBookings,
  findBooking,
  insertBooking,
  type NewBooking,
} from './queries';
import type { Database } from '../platform/database/database';
import { openDatabase } from '../platform/database/database';

const at = (iso: string) => new Date(iso);
const now = at('2027-03-01T09:00:00Z');
const limits = { maxOpenRequests: 3, now };

function booking(start: string, clientUid = 'client-a', minutes = 50): NewBooking {
  const startAt = at(start);
  return {
    client: { uid: clientUid, email: `${clientUid}@example.test`, name: 'A Client' },
    serviceId: 1,
    start: startAt,
    end: new Date(startAt.getTime() + minutes * 60_000),
    busyUntil: new Date(startAt.getTime() + (minutes + 10) * 60_000),
    note: 'Ground floor, please.',
  };
}

describe.each(DATABASE_KINDS)('data layer on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await emptyTables(db);
  });

  it('stores a request and reads it back as UTC instants', async () => {
    const result = await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    expect(result.outcome).toBe('created');
    if (result.outcome !== 'created') return;
    expect(result.booking).toMatchObject({
      status: 'requested',
      serviceId: 1,
      note: 'Ground floor, please.',
      start: at('2027-03-04T10:00:00Z'),
      end: at('2027-03-04T10:50:00Z'),
      client: { uid: 'client-a', email: 'client-a@example.test', name: 'A Client' },
    });
    expect(await findBooking(db, result.booking.id)).toEqual(result.booking);
    expect(await clientBookings(db, 'client-a')).toEqual([result.booking]);
    expect(await clientBookings(db, 'client-b')).toEqual([]);
  });

  it('refuses an overlapping active booking, the break included, by constraint', async () => {
    expect((await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits)).outcome).toBe(
      'created',
    );
    expect(
      (await insertBooking(db, booking('2027-03-04T10:00:00Z', 'client-b'), limits)).outcome,
    ).toBe('taken');
    // Starts inside the first session's break (10:50-11:00).
    expect(
      (await insertBooking(db, booking('2027-03-04T10:55:00Z', 'client-b'), limits)).outcome,
    ).toBe('taken');
    // Its own break would run into the first session.
    expect(
      (await insertBooking(db, booking('2027-03-04T09:05:00Z', 'client-b'), limits)).outcome,
    ).toBe('taken');
    expect(
      (await insertBooking(db, booking('2027-03-04T11:00:00Z', 'client-b'), limits)).outcome,
    ).toBe('created');
    expect(
      (await insertBooking(db, booking('2027-03-04T09:00:00Z', 'client-c'), limits)).outcome,
    ).toBe('created');
  });

  it('refuses the overlap even when the code does not check first (raw insert)', async () => {
    await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    const raw = sql`insert into bookings (client_uid, client_email, service_id, starts_at, ends_at, during)
      values ('x', 'x@example.test', 1, '2027-03-04T10:30:00Z', '2027-03-04T11:20:00Z',
              tstzrange('2027-03-04T10:30:00Z', '2027-03-04T11:30:00Z'))`;
    await expect(raw.execute(db)).rejects.toMatchObject({ code: '23P01' });
  });

  it('frees the time when a booking is cancelled or declined', async () => {
    const first = await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    if (first.outcome !== 'created') throw new Error('not created');
    expect(
      await changeStatus(db, first.booking.id, ['requested', 'confirmed'], 'cancelled', now),
    ).toMatchObject({
      status: 'cancelled',
    });
    const second = await insertBooking(db, booking('2027-03-04T10:00:00Z', 'client-b'), limits);
    expect(second.outcome).toBe('created');
    if (second.outcome !== 'created') return;
    await changeStatus(db, second.booking.id, ['requested'], 'declined', now);
    expect(
      (await insertBooking(db, booking('2027-03-04T10:00:00Z', 'client-c'), limits)).outcome,
    ).toBe('created');
  });

  it('changes a status only from the allowed ones', async () => {
    const result = await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    if (result.outcome !== 'created') throw new Error('not created');
    const later = at('2027-03-01T10:00:00Z');
    const confirmed = await changeStatus(db, result.booking.id, ['requested'], 'confirmed', later);
    expect(confirmed?.status).toBe('confirmed');
    expect(confirmed?.updatedAt).toEqual(later);
    expect(
      await changeStatus(db, result.booking.id, ['requested'], 'declined', later),
    ).toBeUndefined();
    expect((await findBooking(db, result.booking.id))?.status).toBe('confirmed');
  });

  it('allows at most three open requests per client, even when they race', async () => {
    const starts = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'].map(
      (time) => `2027-03-04T${time}:00Z`,
    );
    const outcomes = await Promise.all(
      starts.map((start) => insertBooking(db, booking(start), limits)),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'created')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome.outcome === 'too-many-requests')).toHaveLength(3);
    // Another client is not affected; a confirmed booking no longer counts as open.
    expect(
      (await insertBooking(db, booking('2027-03-05T10:00:00Z', 'client-b'), limits)).outcome,
    ).toBe('created');
    const open = await clientBookings(db, 'client-a');
    await changeStatus(db, open[0]!.id, ['requested'], 'confirmed', now);
    expect((await insertBooking(db, booking('2027-03-05T12:00:00Z'), limits)).outcome).toBe(
      'created',
    );
  });

  it('keeps exactly one of many racing requests for the same time', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        insertBooking(db, booking('2027-03-04T10:00:00Z', `racer-${index}`), limits),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'taken')).toHaveLength(19);
  });

  it('reports busy time: active bookings with their breaks, and blocks', async () => {
    await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    const cancelled = await insertBooking(db, booking('2027-03-04T14:00:00Z', 'client-b'), limits);
    if (cancelled.outcome === 'created')
      await changeStatus(db, cancelled.booking.id, ['requested'], 'cancelled', now);
    await insertBlock(db, {
      start: at('2027-03-04T16:00:00Z'),
      end: at('2027-03-04T18:00:00Z'),
      reason: 'Supervision',
    });
    const busy = await busyIntervals(db, {
      start: at('2027-03-04T00:00:00Z'),
      end: at('2027-03-05T00:00:00Z'),
    });
    expect(busy.sort((a, b) => a.start.getTime() - b.start.getTime())).toEqual([
      { start: at('2027-03-04T10:00:00Z'), end: at('2027-03-04T11:00:00Z') },
      { start: at('2027-03-04T16:00:00Z'), end: at('2027-03-04T18:00:00Z') },
    ]);
    expect(
      await busyIntervals(db, {
        start: at('2027-03-05T00:00:00Z'),
        end: at('2027-03-06T00:00:00Z'),
      }),
    ).toEqual([]);
  });

  it('lists the diary, and blocks can be added and removed', async () => {
    await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    await insertBooking(db, booking('2027-03-06T10:00:00Z', 'client-b'), limits);
    const day = { start: at('2027-03-04T00:00:00Z'), end: at('2027-03-05T00:00:00Z') };
    expect((await bookingsStartingWithin(db, day)).map((each) => each.client.uid)).toEqual([
      'client-a',
    ]);
    // Blocked time never overlaps a live session: the database refuses it.
    await expect(insertBlock(db, { ...day, reason: 'Day off' })).rejects.toThrow(
      /blocked_time_clear_of_sessions/,
    );
    await expect(insertBooking(db, booking('2027-03-04T12:00:00Z'), limits)).resolves.toMatchObject(
      {
        outcome: 'created',
      },
    );
    await db.updateTable('bookings').set({ status: 'cancelled' }).execute();
    const block = await insertBlock(db, { ...day, reason: 'Day off' });
    expect(block).toMatchObject({ ...day, reason: 'Day off' });
    expect(await insertBooking(db, booking('2027-03-04T14:00:00Z'), limits)).toEqual({
      outcome: 'taken',
    });
    expect(await blocksOverlapping(db, day)).toEqual([block]);
    expect(await removeBlock(db, block.id)).toEqual(block);
    expect(await removeBlock(db, block.id)).toBeUndefined();
    expect(await blocksOverlapping(db, day)).toEqual([]);
  });

  it("deletes one client's bookings and nobody else's", async () => {
    await insertBooking(db, booking('2027-03-04T10:00:00Z'), limits);
    await insertBooking(db, booking('2027-03-04T12:00:00Z'), limits);
    await insertBooking(db, booking('2027-03-04T14:00:00Z', 'client-b'), limits);
    expect(await deleteClientBookings(db, 'client-a')).toHaveLength(2);
    expect(await clientBookings(db, 'client-a')).toEqual([]);
    expect(await clientBookings(db, 'client-b')).toHaveLength(1);
  });

  it('refuses a note over 500 characters and a booking without its client', async () => {
    await expect(
      insertBooking(db, { ...booking('2027-03-04T10:00:00Z'), note: 'x'.repeat(501) }, limits),
    ).rejects.toThrow();
    const noClient = {
      ...booking('2027-03-04T12:00:00Z'),
      client: { uid: '', email: '', name: '' },
    };
    await expect(insertBooking(db, noClient, limits)).rejects.toThrow();
  });
});

describe('migrations', () => {
  it('apply once and keep the data across a restart (PGlite in a folder)', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-pglite-'));
    try {
      const first = await openDatabase({ pgliteDir: folder });
      await insertBooking(first, booking('2027-03-04T10:00:00Z'), limits);
      await first.destroy();
      const second = await openDatabase({ pgliteDir: folder });
      expect(await clientBookings(second, 'client-a')).toHaveLength(1);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(
        second,
      );
      expect(applied.rows.map((row) => row.name)).toEqual([
        '0001_bookings_and_blocks',
        '0002_outbox',
        '0003_series',
        '0004_clinical_records',
        '0005_payments',
        '0006_session_notes_attendance_video',
        '0007_limits_and_calendar',
        '0008_calendar_feed',
        '0009_waitlist',
        '0010_working_hours',
        '0011_call_phone',
        '0012_payment_credits',
        '0013_retained_records',
        '0014_participants',
        '0015_passkeys',
        '0016_attended_sessions',
        '0017_passkey_rules',
        '0018_blocked_time_enforced',
        '0019_session_money',
        '0020_session_reactions',
        '0021_stripe_subscription_order',
        '0022_busy_calendar',
        '0023_text_reminders',
        '0024_people_leave',
        '0025_notes_review',
        '0026_credits_kept_with_receipts',
        '0027_children_stay_named',
        '0028_checkout_openings',
        '0029_children_aged',
        '0030_given_up_seen',
        '0031_deleted_account_series',
      ]);
      // One file per migration, named as it runs: a file missing from the list never runs.
      const files = fs.readdirSync(
        path.join(import.meta.dirname, '../platform/database/migrations'),
      );
      expect(applied.rows.map((row) => `${row.name}.ts`)).toEqual(
        files.filter((file) => file !== 'index.ts').sort(),
      );
      await second.destroy();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // Two PGlite starts from a folder: 22 s on a loaded 2-core machine, over the 30 s default twice.
  }, 90_000);
});
