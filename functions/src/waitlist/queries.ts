import type { Selectable } from 'kysely';
import { DAY_PARTS, fromBits, toBits, type DayPart } from '../../../shared/waitlist';
import { DAYS_OF_WEEK, type DayOfWeek } from '../../../shared/time';
import type { Client } from '../bookings';
import type { Database } from '../platform/database/database';
import type { WaitlistEntriesTable } from '../platform/database/schema';

export interface WaitlistRecord {
  id: string;
  client: Client;
  serviceId: number;
  days: DayOfWeek[];
  parts: DayPart[];
  standing: boolean;
  createdAt: Date;
  expiresAt: Date;
}

const toRecord = (row: Selectable<WaitlistEntriesTable>): WaitlistRecord => ({
  id: row.id,
  client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
  serviceId: row.service_id,
  days: fromBits(DAYS_OF_WEEK, Number(row.days)),
  parts: fromBits(DAY_PARTS, Number(row.parts)),
  standing: row.standing,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

/**
 * Puts a client on the list for a service; joining again for the same service replaces what
 * they asked for and starts the entry's time afresh (one entry per client and service).
 */
export async function joinWaitlist(
  db: Database,
  entry: Omit<WaitlistRecord, 'id' | 'createdAt' | 'expiresAt'>,
  times: { now: Date; expiresAt: Date },
): Promise<WaitlistRecord> {
  const wanted = {
    client_email: entry.client.email,
    client_name: entry.client.name,
    days: toBits(DAYS_OF_WEEK, entry.days),
    parts: toBits(DAY_PARTS, entry.parts),
    standing: entry.standing,
    created_at: times.now,
    expires_at: times.expiresAt,
    warned_for: null,
  };
  const row = await db
    .insertInto('waitlist_entries')
    .values({ ...wanted, client_uid: entry.client.uid, service_id: entry.serviceId })
    .onConflict((conflict) => conflict.columns(['client_uid', 'service_id']).doUpdateSet(wanted))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** One client's entries still running, or (no client) everyone's: oldest first. */
export async function waitlistEntries(
  db: Database,
  options: { now: Date; clientUid?: string },
): Promise<WaitlistRecord[]> {
  let query = db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('expires_at', '>', options.now)
    .orderBy('created_at')
    .orderBy('id');
  if (options.clientUid) query = query.where('client_uid', '=', options.clientUid);
  return (await query.execute()).map(toRecord);
}

export async function findWaitlistEntry(
  db: Database,
  id: string,
): Promise<WaitlistRecord | undefined> {
  const row = await db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function leaveWaitlist(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom('waitlist_entries').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A new expiry for a running entry (its warning is then due again before the new one). */
export async function renewWaitlistEntry(
  db: Database,
  id: string,
  times: { now: Date; expiresAt: Date },
): Promise<WaitlistRecord | undefined> {
  const row = await db
    .updateTable('waitlist_entries')
    .set({ expires_at: times.expiresAt })
    .where('id', '=', id)
    .where('expires_at', '>', times.now)
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Booking a service ends the client's wait for it. Call in the booking's transaction. */
export async function endWaitForService(db: Database, clientUid: string, serviceId: number) {
  await db
    .deleteFrom('waitlist_entries')
    .where('client_uid', '=', clientUid)
    .where('service_id', '=', serviceId)
    .execute();
}

/** Entries of a deleted account. */
export async function deleteClientWaitlist(db: Database, clientUid: string) {
  await db.deleteFrom('waitlist_entries').where('client_uid', '=', clientUid).execute();
}

/**
 * Records each (entry, start) offer; answers the ones not made before, so a time freed twice
 * is offered to an entry once.
 */
export async function recordOffers(
  db: Database,
  offers: readonly { entryId: string; start: Date }[],
  now: Date,
): Promise<{ entryId: string; start: Date }[]> {
  if (offers.length === 0) return [];
  const rows = await db
    .insertInto('waitlist_offers')
    .values(
      offers.map((offer) => ({ entry_id: offer.entryId, starts_at: offer.start, created_at: now })),
    )
    .onConflict((conflict) => conflict.columns(['entry_id', 'starts_at']).doNothing())
    .returning(['entry_id', 'starts_at'])
    .execute();
  return rows.map((row) => ({ entryId: row.entry_id, start: new Date(row.starts_at) }));
}

/**
 * Claims the entries due their warning (ending within `warnFrom`), once per expiry: the update
 * marks them, so a second run at once finds nothing.
 */
export async function claimEntriesToWarn(
  db: Database,
  options: { now: Date; warnBefore: Date },
): Promise<WaitlistRecord[]> {
  const rows = await db
    .updateTable('waitlist_entries')
    .set((eb) => ({ warned_for: eb.ref('expires_at') }))
    .where('expires_at', '>', options.now)
    .where('expires_at', '<=', options.warnBefore)
    .where((eb) =>
      eb.or([eb('warned_for', 'is', null), eb('warned_for', '<>', eb.ref('expires_at'))]),
    )
    .returningAll()
    .execute();
  return rows.map(toRecord);
}

/** Ends the entries whose time is up. */
export async function deleteLapsedEntries(db: Database, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('waitlist_entries')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
