import { NotesReviewSchema, type NoteReview, type NoteToReview } from '../../../shared/records-api';
import type { Service } from '../../../shared/service';
import { writeAudit } from '../platform/audit';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import { notesOnRecord, recordNoteView } from './clients';
import type { NoteRow } from './note-queries';

/**
 * Her review of a notes request, note by note: the version of each signed note she read is kept
 * (notes_request_reviews), and the release sends only notes still at that version. A signed note
 * changes only by an addendum, so its version is when it was signed and how many addenda it has.
 */

type SignedNote = NoteRow & { sharedSession: boolean; signedAt: string };

const versionOf = (signedAt: string | Date, addenda: number) =>
  `${new Date(signedAt).toISOString()}/${addenda}`;

const noteVersion = (note: SignedNote) => versionOf(note.signedAt, note.addenda.length);

/** The signed notes a request would release (drafts never), and how many drafts stay out. */
export async function signedNotesFor(db: Database, clientUid: string) {
  const notes = await notesOnRecord(db, clientUid);
  const signed = notes.filter((note): note is SignedNote => note.status === 'signed');
  return { signed, draftsLeftOut: notes.length - signed.length };
}

/** The version she reviewed of each note of a request. */
async function reviewsOf(db: Database, requestId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('notes_request_reviews')
    .select(['note_id', 'signed_at', 'addenda'])
    .where('request_id', '=', requestId)
    .execute();
  return new Map(rows.map((row) => [row.note_id, versionOf(row.signed_at, row.addenda)]));
}

function reviewOf(note: SignedNote, reviews: Map<string, string>): NoteReview {
  const reviewed = reviews.get(note.id);
  if (reviewed === undefined) return 'to-review';
  return reviewed === noteVersion(note) ? 'reviewed' : 'changed-since';
}

/** The request's signed notes as she reviews them, each with where her review stands. */
export async function notesToReview(
  db: Database,
  requestId: string,
  signed: readonly SignedNote[],
  services: readonly Service[],
): Promise<NoteToReview[]> {
  const reviews = await reviewsOf(db, requestId);
  return signed.map((note) => ({
    noteId: note.id,
    ...recordNoteView(note, services),
    version: noteVersion(note),
    review: reviewOf(note, reviews),
    sharedSession: note.sharedSession,
  }));
}

/** How many of the notes to release were signed or added to since her review (or never read). */
export async function unreviewedCount(
  db: Database,
  requestId: string,
  signed: readonly SignedNote[],
): Promise<number> {
  const reviews = await reviewsOf(db, requestId);
  return signed.filter((note) => reviewOf(note, reviews) !== 'reviewed').length;
}

/** The request, locked for this transaction; 404 when there is none, 409 once released. */
export async function lockOpenRequest(db: Database, id: string | undefined) {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw problems.notFound('There is no such request.');
  const row = await db
    .selectFrom('notes_requests')
    .select(['id', 'client_uid', 'released_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw problems.notFound('There is no such request.');
  if (row.released_at)
    throw problems.wrongStatus('These notes were already released: the client has them.');
  return row;
}

/** POST /api/practice/notes-requests/:id/review { notes: [{ noteId, version }] }: audited. */
export const reviewNotes = endpoint({
  auth: 'practitioner',
  body: NotesReviewSchema,
  unprocessable: true,
  async run({ caller, params, body, context }) {
    const now = context.now();
    const reviewed = await context.db.transaction().execute(async (trx) => {
      const row = await lockOpenRequest(trx, params.id);
      const { signed } = await signedNotesFor(trx, row.client_uid);
      const byId = new Map(signed.map((note) => [note.id, note]));
      for (const each of body.notes) {
        const note = byId.get(each.noteId);
        if (!note)
          throw problems.unprocessable(
            'A note to review is not one of this client’s signed notes. Reload the request.',
          );
        if (noteVersion(note) !== each.version)
          throw problems.reviewOutOfDate(
            'A note changed while you read it: reload the request and review it again.',
          );
      }
      for (const each of body.notes) {
        const note = byId.get(each.noteId) as SignedNote;
        const version = {
          signed_at: new Date(note.signedAt),
          addenda: note.addenda.length,
          reviewed_at: now,
          reviewed_by: caller.uid,
        };
        await trx
          .insertInto('notes_request_reviews')
          .values({ request_id: row.id, note_id: note.id, ...version })
          .onConflict((conflict) =>
            conflict.columns(['request_id', 'note_id']).doUpdateSet(version),
          )
          .execute();
      }
      const count = new Set(body.notes.map((each) => each.noteId)).size;
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: row.client_uid,
        action: 'read',
        what: `Reviewed ${count} signed session note(s) for the client’s request`,
      });
      return count;
    });
    return json(200, { reviewed });
  },
});
