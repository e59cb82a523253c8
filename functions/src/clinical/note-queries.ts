import type { Note, RiskFollowUp, RiskFollowUpAction } from '../../../shared/clinical-api';
import type { BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';

/**
 * Session notes, their addenda and risk follow-ups: health data, kept with the clinical record (by
 * client, so they outlive a deleted account's bookings until the retention period ends). The
 * database locks a signed note (trigger session_notes_locked); this module only knows the SQL.
 */

export interface NoteRow extends Note {
  id: string;
  bookingId: string | null;
  serviceId: number;
  sessionStart: Date;
}

const EMPTY_DRAFT: Note = { text: '', status: 'draft', addenda: [] };

async function addendaOf(db: Database, noteIds: readonly string[]) {
  if (noteIds.length === 0) return new Map<string, Note['addenda']>();
  const rows = await db
    .selectFrom('note_addenda')
    .select(['note_id', 'text', 'at'])
    .where('note_id', 'in', [...noteIds])
    .orderBy('at')
    .orderBy('id')
    .execute();
  const byNote = new Map<string, Note['addenda']>();
  for (const row of rows) {
    const list = byNote.get(row.note_id) ?? [];
    list.push({ text: row.text, at: new Date(row.at).toISOString() });
    byNote.set(row.note_id, list);
  }
  return byNote;
}

const noteSelection = [
  'id',
  'booking_id',
  'service_id',
  'session_start',
  'text',
  'signed_at',
] as const;

async function toNotes(
  db: Database,
  rows: {
    id: string;
    booking_id: string | null;
    service_id: number;
    session_start: Date;
    text: string;
    signed_at: Date | null;
  }[],
): Promise<NoteRow[]> {
  const addenda = await addendaOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    bookingId: row.booking_id,
    serviceId: row.service_id,
    sessionStart: new Date(row.session_start),
    text: row.text,
    status: row.signed_at ? 'signed' : 'draft',
    ...(row.signed_at && { signedAt: new Date(row.signed_at).toISOString() }),
    addenda: addenda.get(row.id) ?? [],
  }));
}

/** A session's note; an empty draft when none was written yet. */
export async function sessionNote(db: Database, bookingId: string): Promise<Note> {
  const rows = await db
    .selectFrom('session_notes')
    .select(noteSelection)
    .where('booking_id', '=', bookingId)
    .execute();
  const [note] = await toNotes(db, rows);
  if (!note) return EMPTY_DRAFT;
  const { text, status, signedAt, addenda } = note;
  return { text, status, ...(signedAt && { signedAt }), addenda };
}

/** Saves a draft's text; 'signed' (nothing written) when the note is already signed. */
export async function saveDraft(
  db: Database,
  booking: BookingRecord,
  text: string,
  now: Date,
): Promise<'saved' | 'signed'> {
  const row = await db
    .insertInto('session_notes')
    .values({
      booking_id: booking.id,
      client_uid: booking.client.uid,
      service_id: booking.serviceId,
      session_start: booking.start,
      text,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .column('booking_id')
        .doUpdateSet({ text, updated_at: now })
        .where('session_notes.signed_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  return row ? 'saved' : 'signed';
}

/** Signs a draft: 'missing' when nothing was written, 'signed' when it already was. */
export async function signNote(
  db: Database,
  bookingId: string,
  now: Date,
): Promise<'signed-now' | 'signed' | 'missing'> {
  const row = await db
    .updateTable('session_notes')
    .set({ signed_at: now, updated_at: now })
    .where('booking_id', '=', bookingId)
    .where('signed_at', 'is', null)
    .where('text', '<>', '')
    .returning('id')
    .executeTakeFirst();
  if (row) return 'signed-now';
  const existing = await db
    .selectFrom('session_notes')
    .select('signed_at')
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  return existing?.signed_at ? 'signed' : 'missing';
}

/** Adds a dated addendum under a signed note; 'not-signed' when the note is still a draft. */
export async function addAddendum(
  db: Database,
  bookingId: string,
  text: string,
  now: Date,
): Promise<'added' | 'not-signed'> {
  const note = await db
    .selectFrom('session_notes')
    .select(['id', 'signed_at'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  if (!note?.signed_at) return 'not-signed';
  await db.insertInto('note_addenda').values({ note_id: note.id, text, at: now }).execute();
  return 'added';
}

/** Every note of a client, newest session first (for the record and the client's export). */
export async function clientNotes(db: Database, clientUid: string): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom('session_notes')
    .select(noteSelection)
    .where('client_uid', '=', clientUid)
    .orderBy('session_start', 'desc')
    .execute();
  return toNotes(db, rows);
}

/** The notes of some sessions, whoever booked them (a shared session's note is every participant's). */
export async function notesOfSessions(
  db: Database,
  bookingIds: readonly string[],
): Promise<NoteRow[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectFrom('session_notes')
    .select(noteSelection)
    .where('booking_id', 'in', [...new Set(bookingIds)])
    .execute();
  return toNotes(db, rows);
}

/** The notes of sessions a participant was in whose bookings went with the booker's account. */
export async function notesOfAttended(db: Database, clientUid: string): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom('session_notes')
    .select(noteSelection)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('attended_sessions')
        .select('note_id')
        .where('client_uid', '=', clientUid)
        .where('note_id', 'is not', null),
    )
    .execute();
  return toNotes(db, rows);
}

export async function insertRiskFollowUp(
  db: Database,
  followUp: {
    clientUid: string;
    actorUid: string;
    action: RiskFollowUpAction;
    text: string;
    at: Date;
  },
): Promise<RiskFollowUp> {
  const row = await db
    .insertInto('risk_follow_ups')
    .values({
      client_uid: followUp.clientUid,
      actor_uid: followUp.actorUid,
      action: followUp.action,
      text: followUp.text,
      at: followUp.at,
    })
    .returning(['id', 'action', 'text', 'at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, action: row.action, text: row.text, at: new Date(row.at).toISOString() };
}

/** A client's risk follow-ups, newest first. */
export async function clientRiskFollowUps(
  db: Database,
  clientUid: string,
): Promise<RiskFollowUp[]> {
  const rows = await db
    .selectFrom('risk_follow_ups')
    .select(['id', 'action', 'text', 'at'])
    .where('client_uid', '=', clientUid)
    .orderBy('at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    text: row.text,
    at: new Date(row.at).toISOString(),
  }));
}

/** Deletes a client's notes (their addenda with them) and risk follow-ups. */
export async function deleteNotesOf(
  db: Database,
  clientUid: string,
  keep: readonly string[] = [],
): Promise<void> {
  let notes = db.deleteFrom('session_notes').where('client_uid', '=', clientUid);
  if (keep.length > 0) notes = notes.where('id', 'not in', [...keep]);
  await notes.execute();
  await db.deleteFrom('risk_follow_ups').where('client_uid', '=', clientUid).execute();
}
