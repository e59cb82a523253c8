import { sql, type Selectable } from 'kysely';
import { UNANSWERED_INVITATION_DAYS, type PartyRequest } from '../../../shared/participants';
import type { Database } from '../platform/database/database';
import type { ParticipantStatus, ParticipantsTable } from '../platform/database/schema';

/** Another person in the room of a one-off session (bookingId) or of a series (seriesId). */
export interface ParticipantRecord {
  id: string;
  bookingId: string | null;
  seriesId: string | null;
  bookerUid: string;
  kind: 'adult' | 'child';
  name: string;
  email: string | null;
  status: ParticipantStatus;
  uid: string | null;
  createdAt: Date;
  respondedAt: Date | null;
  /** When they left (status left); their sessions are those from joining to leaving. */
  leftAt: Date | null;
}

/** What a party belongs to: a one-off session, or a series (every one of its sessions). */
export type PartyOwner = { bookingId: string } | { seriesId: string };

const toRecord = (row: Selectable<ParticipantsTable>): ParticipantRecord => ({
  id: row.id,
  bookingId: row.booking_id,
  seriesId: row.series_id,
  bookerUid: row.booker_uid,
  kind: row.kind,
  name: row.name,
  email: row.email,
  status: row.status,
  uid: row.uid,
  createdAt: new Date(row.created_at),
  respondedAt: row.responded_at ? new Date(row.responded_at) : null,
  leftAt: row.left_at ? new Date(row.left_at) : null,
});

/** Writes a request's adults (invited) and children; call in the request's transaction. */
export async function insertParty(
  db: Database,
  owner: PartyOwner,
  bookerUid: string,
  party: PartyRequest,
  now: Date,
): Promise<ParticipantRecord[]> {
  const ownerColumns =
    'bookingId' in owner
      ? { booking_id: owner.bookingId, series_id: null }
      : { booking_id: null, series_id: owner.seriesId };
  const rows = [
    ...party.participants.map((each) => ({
      kind: 'adult' as const,
      name: each.name,
      email: each.email,
      age_years: null,
    })),
    ...party.children.map((each) => ({
      kind: 'child' as const,
      name: each.firstName,
      email: null,
      age_years: each.ageYears ?? null,
    })),
  ];
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('participants')
    .values(
      rows.map((row, position) => ({
        ...row,
        ...ownerColumns,
        position,
        booker_uid: bookerUid,
        created_at: now,
      })),
    )
    .returningAll()
    .execute();
  return inserted.map(toRecord);
}

/** Every participant of some one-off sessions and series, in the order they were named. */
export async function participantsOf(
  db: Database,
  owners: { bookingIds: readonly string[]; seriesIds: readonly string[] },
): Promise<ParticipantRecord[]> {
  const bookingIds = [...new Set(owners.bookingIds)];
  const seriesIds = [...new Set(owners.seriesIds)];
  if (bookingIds.length === 0 && seriesIds.length === 0) return [];
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(bookingIds.length > 0 ? [eb('booking_id', 'in', bookingIds)] : []),
        ...(seriesIds.length > 0 ? [eb('series_id', 'in', seriesIds)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('position')
    .execute();
  return rows.map(toRecord);
}

export async function findParticipant(
  db: Database,
  id: string,
): Promise<ParticipantRecord | undefined> {
  const row = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Invitations still waiting for an answer at one (verified) address. */
export async function pendingInvitations(
  db: Database,
  email: string,
): Promise<ParticipantRecord[]> {
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .where('status', '=', 'invited')
    .orderBy('created_at')
    .execute();
  return rows.map(toRecord);
}

/** Joins or declines an invitation still open; undefined when it was already answered. */
export async function answerInvitation(
  db: Database,
  answer: { id: string; status: 'joined' | 'declined'; uid: string; now: Date },
): Promise<ParticipantRecord | undefined> {
  const row = await db
    .updateTable('participants')
    .set({
      status: answer.status,
      uid: answer.status === 'joined' ? answer.uid : null,
      responded_at: answer.now,
    })
    .where('id', '=', answer.id)
    .where('status', '=', 'invited')
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The places one account has in rooms, joined or left (a session or series each). */
export async function placesOf(db: Database, uid: string): Promise<ParticipantRecord[]> {
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where('uid', '=', uid)
    .where('status', 'in', ['joined', 'left'])
    .execute();
  return rows.map(toRecord);
}

/** What one account has joined: one-off sessions and series. */
export async function joinedBy(db: Database, uid: string): Promise<ParticipantRecord[]> {
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where('uid', '=', uid)
    .where('status', '=', 'joined')
    .execute();
  return rows.map(toRecord);
}

/** Which of some accounts have accepted the therapy agreement (given their intake). */
export async function agreedAccounts(db: Database, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .selectFrom('intakes')
    .select('client_uid')
    .where('client_uid', 'in', [...new Set(uids)])
    .execute();
  return new Set(rows.map((row) => row.client_uid));
}

/**
 * One participant who joined leaves (or is removed, with her reason); undefined when they were
 * not in the room by then. Call it in the transaction that tells the others.
 */
export async function departParticipant(
  db: Database,
  departure: { id: string; now: Date; removalReason?: string },
): Promise<ParticipantRecord | undefined> {
  const row = await db
    .updateTable('participants')
    .set({
      status: 'left',
      left_at: departure.now,
      removal_reason: departure.removalReason ?? null,
    })
    .where('id', '=', departure.id)
    .where('status', '=', 'joined')
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The booker takes back an invitation not yet answered; undefined when it was answered. */
export async function withdrawInvitation(
  db: Database,
  withdrawal: { id: string; now: Date },
): Promise<ParticipantRecord | undefined> {
  const row = await db
    .updateTable('participants')
    .set({ status: 'withdrawn', responded_at: withdrawal.now })
    .where('id', '=', withdrawal.id)
    .where('status', '=', 'invited')
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * The scheduled part of invitations, a plain function of (db, clock), idempotent: one not
 * answered by its first session's start expires then; a declined, withdrawn or expired one is
 * erased, name and address, UNANSWERED_INVITATION_DAYS after. Answers how many of each. Only
 * adults are invited: a child is named with their age and stays in the room (their age keeps the
 * family's notes to their 25th birthday, clinical/retention.ts).
 */
export async function pruneInvitations(
  db: Database,
  now: Date,
): Promise<{ expired: number; erased: number }> {
  const expired = await sql`
    update participants p set status = 'expired', responded_at = first.starts_at
    from (
      select p2.id, coalesce(b.starts_at, s.first_start) as starts_at from participants p2
        left join bookings b on b.id = p2.booking_id
        left join series s on s.id = p2.series_id
        where p2.status = 'invited' and p2.kind = 'adult'
    ) first
    where p.id = first.id and first.starts_at <= ${now}`.execute(db);
  const cutoff = new Date(now.getTime() - UNANSWERED_INVITATION_DAYS * 86_400_000);
  const erased = await db
    .deleteFrom('participants')
    .where('kind', '=', 'adult')
    .where('status', 'in', ['declined', 'withdrawn', 'expired'])
    .where('responded_at', '<=', cutoff)
    .executeTakeFirst();
  return {
    expired: Number(expired.numAffectedRows ?? 0),
    erased: Number(erased.numDeletedRows),
  };
}

/** When an invitation's first session starts (it expires then), if it has one. */
export async function firstStartOf(
  db: Database,
  place: Pick<ParticipantRecord, 'bookingId' | 'seriesId'>,
): Promise<Date | undefined> {
  const row = place.bookingId
    ? await db
        .selectFrom('bookings')
        .select('starts_at as start')
        .where('id', '=', place.bookingId)
        .executeTakeFirst()
    : await db
        .selectFrom('series')
        .select('first_start as start')
        .where('id', '=', place.seriesId ?? '')
        .executeTakeFirst();
  return row ? new Date(row.start) : undefined;
}
