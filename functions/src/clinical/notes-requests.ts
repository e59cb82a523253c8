import { sql } from 'kysely';
import { accessRequestDue } from '../../../shared/retention';
import {
  changedSinceReview,
  NotesReleaseSchema,
  type NotesRequest,
  type ReleasedNote,
} from '../../../shared/records-api';
import { practiceDate } from '../../../shared/time';
import { isBankHoliday } from '../hours';
import type { Client } from '../bookings';
import { clientAlone, queueMessages, type Notification } from '../outbox';
import { writeAudit } from '../platform/audit';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import { recordNoteView } from './clients';
import { lockOpenRequest, notesToReview, signedNotesFor, unreviewedCount } from './notes-review';

/**
 * Session notes on a subject access request: the client asks, the practitioner reviews the signed
 * notes within the month the law allows, withholds what an exemption covers (serious harm, a third
 * party) with her reason kept on the record, and releases the rest. Drafts are never released.
 * The release sends exactly the versions she reviewed (notes-review.ts), and asks for her passkey
 * within 5 minutes. A shared session's note is on the request of everyone in the room.
 */

type RequestRow = Awaited<ReturnType<typeof requestsOf>>[number];

async function requestsOf(db: Database, clientUid?: string, id?: string) {
  let query = db.selectFrom('notes_requests').select([
    'id',
    'client_uid',
    'client_name',
    'client_email',
    'received_at',
    // A date, as the London date it is (drivers would read it as a midnight somewhere).
    sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on'),
    'released_at',
    'released',
    'withheld',
  ]);
  if (clientUid) query = query.where('client_uid', '=', clientUid);
  if (id) query = query.where('id', '=', id);
  return query.orderBy('released_at', 'desc').orderBy('due_on').orderBy('received_at').execute();
}

const requestView = (row: RequestRow): NotesRequest => ({
  id: row.id,
  receivedAt: new Date(row.received_at).toISOString(),
  dueOn: row.due_on,
  releasedAt: row.released_at ? new Date(row.released_at).toISOString() : null,
});

/** A client's notes requests, newest released first, for their copy. */
export async function notesRequestsOf(db: Database, clientUid: string): Promise<NotesRequest[]> {
  return (await requestsOf(db, clientUid)).map(requestView);
}

/** The practice hears of a request for session notes, with the date the law gives to answer. */
function notificationForNotesRequest(
  client: Client,
  request: { id: string; dueOn: string },
  now: Date,
): Notification {
  return {
    kind: 'notes-requested',
    to: 'practice',
    booking: clientAlone(client, now),
    notesRequest: request,
  };
}

/** POST /api/account/notes-request: asks for one's session notes; 201 (200: one is already open). */
export const requestMyNotes = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const now = context.now();
    const open = (await requestsOf(context.db, caller.uid)).find((row) => !row.released_at);
    if (open) return json(200, requestView(open));
    const dueOn = accessRequestDue(practiceDate(now), isBankHoliday);
    const client = { uid: caller.uid, email: caller.email, name: caller.name };
    // The request and the practice's email are kept together, or neither is.
    const id = await context.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('notes_requests')
        .values({
          client_uid: client.uid,
          client_name: client.name,
          client_email: client.email,
          received_at: now,
          due_on: dueOn,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await queueMessages(trx, [notificationForNotesRequest(client, { id: row.id, dueOn }, now)], {
        now,
        practiceEmail: context.outbox.practiceEmail,
      });
      return row.id;
    });
    context.outbox.deliver();
    return json(201, { id, receivedAt: now.toISOString(), dueOn, releasedAt: null });
  },
});

/** GET /api/account/notes: the caller's requests, and the notes of the last one released. */
export const myReleasedNotes = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const rows = await requestsOf(context.db, caller.uid);
    const released = rows.find((row) => row.released_at !== null);
    return json(200, {
      requests: rows.map(requestView),
      releasedAt: released ? new Date(released.released_at as Date).toISOString() : null,
      notes: (released?.released as ReleasedNote[] | undefined) ?? [],
    });
  },
});

/** GET /api/practice/notes-requests: every request, open ones with the notes to review; audited. */
export const practiceNotesRequests = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    const now = context.now();
    const rows = await requestsOf(context.db);
    const requests = [];
    for (const row of rows) {
      const open = !row.released_at;
      const { signed, draftsLeftOut } = open
        ? await signedNotesFor(context.db, row.client_uid)
        : { signed: [], draftsLeftOut: 0 };
      if (open) {
        await writeAudit(context.db, {
          at: now,
          actorUid: caller.uid,
          clientUid: row.client_uid,
          action: 'read',
          what: 'Reviewed the signed session notes for the client’s request',
        });
      }
      requests.push({
        ...requestView(row),
        client: { uid: row.client_uid, name: row.client_name, email: row.client_email },
        notes: await notesToReview(context.db, row.id, signed, context.services),
        draftsLeftOut,
        withheld: (row.withheld as { noteId: string; reason: string }[] | null) ?? [],
      });
    }
    // Open requests first, the nearest deadline first.
    requests.sort((a, b) => Number(a.releasedAt !== null) - Number(b.releasedAt !== null));
    return json(200, { requests });
  },
});

/**
 * POST /api/practice/notes-requests/:id/release: releases the signed notes as she reviewed them,
 * some withheld; her passkey within 5 minutes; 409 when a note changed since her review; audited.
 */
export const releaseNotes = endpoint({
  auth: 'practitioner',
  fresh: true,
  body: NotesReleaseSchema,
  unprocessable: true,
  async run({ caller, params, body, context }) {
    const now = context.now();
    const released = await context.db.transaction().execute(async (trx) => {
      const locked = await lockOpenRequest(trx, params.id);
      const [row] = await requestsOf(trx, undefined, locked.id);
      if (!row) throw problems.notFound('There is no such request.');
      const { signed } = await signedNotesFor(trx, row.client_uid);
      const reasons = new Map(body.withheld.map((each) => [each.noteId, each.reason]));
      for (const noteId of reasons.keys()) {
        if (!signed.some((note) => note.id === noteId))
          throw problems.unprocessable(
            'A note to withhold is not one of this client’s signed notes. Reload the request.',
          );
      }
      // What goes is what she read: the notes below are the versions her review recorded.
      const unreviewed = await unreviewedCount(trx, row.id, signed);
      if (unreviewed > 0) throw problems.reviewOutOfDate(changedSinceReview(unreviewed));
      const notes: ReleasedNote[] = signed.map((note) => {
        const view = recordNoteView(note, context.services);
        const withheld = reasons.has(note.id);
        return {
          start: view.start,
          serviceName: view.serviceName,
          signedAt: view.signedAt ?? view.start,
          withheld,
          text: withheld ? '' : view.text,
          addenda: withheld ? [] : view.addenda,
        };
      });
      await trx
        .updateTable('notes_requests')
        .set({
          released_at: now,
          released_by: caller.uid,
          released: JSON.stringify(notes),
          withheld: JSON.stringify(body.withheld),
        })
        .where('id', '=', row.id)
        .execute();
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: row.client_uid,
        action: 'change',
        what: `Released ${notes.length - reasons.size} signed session note(s) to the client${reasons.size ? `, ${reasons.size} withheld under an exemption` : ''}`,
      });
      return {
        ...requestView({ ...row, released_at: now }),
        released: notes.length - reasons.size,
        withheld: reasons.size,
      };
    });
    return json(200, released);
  },
});
