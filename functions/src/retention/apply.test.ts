import { sql } from 'kysely';
import { useApiStack } from '../testing/api-stack';
import { createAccount } from '../testing/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { confirmedSession, requestedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';
import { applyRetention } from './apply';

const NOW = new Date('2027-03-01T09:00:00Z');
const MS = 1;

/** One millisecond before an instant: the last moment something is still kept. */
const justBefore = (at: string | Date) => new Date(new Date(at).getTime() - MS);

describe.each(DATABASE_KINDS)('the retention schedule applied on %s', (kind) => {
  const { db, request } = useApiStack(kind, { now: () => NOW });

  const rows = async (
    table: 'payments' | 'payment_refunds' | 'messages' | 'risk_alerts' | 'blocks' | 'bookings',
  ) =>
    Number(
      (await sql<{ count: string }>`select count(*) as count from ${sql.table(table)}`.execute(db))
        .rows[0]!.count,
    );

  it('keeps a deleted account’s clinical record to 7 years from the last session, then deletes it', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    await request('PUT', '/intake', client, INTAKE);
    await confirmedSession(db, client, '2027-02-22T10:00:00Z', {
      requestedAt: new Date('2027-02-20T10:00:00Z'),
    });
    expect((await request('POST', '/account/deletion', client)).json.keptUntil).toBe(
      '2034-02-22T10:00:00.000Z',
    );
    expect((await applyRetention(db, justBefore('2034-02-22T10:00:00Z'))).clinicalRecords).toBe(0);
    expect((await applyRetention(db, new Date('2034-02-22T10:00:00Z'))).clinicalRecords).toBe(1);
    // Idempotent: a second run at once finds nothing more.
    expect((await applyRetention(db, new Date('2034-02-22T10:00:00Z'))).clinicalRecords).toBe(0);
    expect(await db.selectFrom('intakes').select('client_uid').execute()).toEqual([]);
  });

  it('keeps payments, refunds and receipts 6 years from the end of their tax year', async () => {
    // Paid on 5 April 2027, the last day of the tax year 2026-27: kept to 6 April 2033 (London).
    const paidAt = new Date('2027-04-05T12:00:00Z');
    const [payment] = (
      await sql<{ id: string }>`
        insert into payments (client_uid, client_email, client_name, service_id, amount, currency,
          status, paid_at, receipt_year, receipt_sequence, created_at, updated_at)
        values ('gone-client', 'gone@example.test', 'Gone', 1, 6000, 'GBP', 'refunded',
          ${paidAt}, 2027, 1, ${paidAt}, ${paidAt})
        returning id`.execute(db)
    ).rows;
    await sql`insert into payment_refunds (payment_id, amount, credit_year, credit_sequence, reason, created_at)
      values (${payment!.id}, 6000, 2027, 1, 'Cancelled in time', ${paidAt})`.execute(db);
    const taxYearOver = new Date('2033-04-05T23:00:00Z'); // 6 April 2033, 00:00 in London (BST)
    expect((await applyRetention(db, justBefore(taxYearOver))).payments).toBe(0);
    expect([await rows('payments'), await rows('payment_refunds')]).toEqual([1, 1]);
    expect((await applyRetention(db, taxYearOver)).payments).toBe(1);
    expect([await rows('payments'), await rows('payment_refunds')]).toEqual([0, 0]);
  });

  it('keeps sent messages 30 days', async () => {
    const sentAt = new Date('2027-03-01T09:00:00Z');
    await sql`insert into messages (kind, recipient, to_address, client_uid, status, next_attempt_at,
        created_at, updated_at, sent_at)
      values ('confirmed', 'client', 'ada@example.test', 'someone', 'sent', ${sentAt}, ${sentAt},
        ${sentAt}, ${sentAt})`.execute(db);
    const over = new Date('2027-03-31T09:00:00Z');
    expect((await applyRetention(db, new Date(over.getTime() - 1000))).messages).toBe(0);
    expect((await applyRetention(db, new Date(over.getTime() + 1))).messages).toBe(1);
    expect(await rows('messages')).toBe(0);
  });

  it('keeps the note of a risk alert 24 hours', async () => {
    await sql`insert into risk_alerts (client_uid, last_alert_at) values ('someone', ${NOW})`.execute(
      db,
    );
    const over = new Date(NOW.getTime() + 24 * 3_600_000);
    expect((await applyRetention(db, over)).riskAlerts).toBe(0);
    expect((await applyRetention(db, new Date(over.getTime() + 1))).riskAlerts).toBe(1);
    expect(await rows('risk_alerts')).toBe(0);
  });

  it('keeps busy times and sessions not held a year after their end, and held ones with the record', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    await sql`insert into blocks (during, reason)
      values (tstzrange('2027-03-02T09:00:00Z', '2027-03-02T12:00:00Z', '[)'), 'Training')`.execute(
      db,
    );
    const declined = await requestedSession(db, client, '2027-03-03T10:00:00Z', {
      requestedAt: NOW,
    });
    await sql`update bookings set status = 'declined' where id = ${declined.id}`.execute(db);
    await confirmedSession(db, client, '2027-03-04T10:00:00Z', { requestedAt: NOW });
    const blockEnds = new Date('2028-03-02T12:00:00Z');
    expect((await applyRetention(db, blockEnds)).calendar).toBe(0);
    expect(await rows('blocks')).toBe(1);
    expect((await applyRetention(db, new Date(blockEnds.getTime() + 1))).calendar).toBe(1);
    expect(await rows('blocks')).toBe(0);
    // The declined request (it ended 10:50 on 3 March 2027) goes a year later; the held one stays.
    expect((await applyRetention(db, new Date('2028-03-03T10:50:00.001Z'))).calendar).toBe(1);
    expect(await rows('bookings')).toBe(1);
    expect((await applyRetention(db, new Date('2034-03-04T10:50:00Z'))).calendar).toBe(0);
    expect((await applyRetention(db, new Date('2034-03-04T10:50:00.001Z'))).calendar).toBe(1);
    expect(await rows('bookings')).toBe(0);
  });
});
