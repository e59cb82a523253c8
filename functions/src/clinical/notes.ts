import { NoteTextRequestSchema, type Note } from '../../../shared/clinical-api';
import { findBooking, type BookingRecord } from '../bookings';
import { accountsInTheRoom } from '../participants';
import { writeAudit } from '../platform/audit';
import { addAddendum, saveDraft, sessionNote, signNote } from './note-queries';
import { endpoint } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json, type ApiContext, type Caller } from '../platform/http/types';

/**
 * The session's note: the practitioner's alone, so every note route is declared for her (her
 * passkey step included): the router refuses anyone else before this runs. Note text never
 * goes to a log or an error message.
 */
async function sessionFor(context: ApiContext, id: string | undefined) {
  const booking = await findBooking(context.db, pathId(id, 'session'));
  if (!booking)
    throw problems.notFound('There is no session with that id. Open it from the diary.');
  return booking;
}

const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const ofSession = (booking: BookingRecord) => `the session on ${day.format(booking.start)}`;

/** A note is written once the session has started, for a session that was held or cancelled. */
function requireWritable(booking: BookingRecord, now: Date) {
  if (booking.status === 'requested' || booking.status === 'declined')
    throw problems.wrongStatus(`This booking is ${booking.status}: it has no session to write up.`);
  if (booking.start > now)
    throw problems.outsideRules('A note can be written once the session has started.');
}

async function audited(
  context: ApiContext,
  caller: Caller,
  booking: BookingRecord,
  action: 'read' | 'change',
  what: string,
) {
  // A shared session's note is on every participant's record: each record logs it.
  const records = [booking.client.uid, ...(await accountsInTheRoom(context.db, booking))];
  for (const clientUid of new Set(records)) {
    await writeAudit(context.db, {
      at: context.now(),
      actorUid: caller.uid,
      clientUid,
      action,
      what: `${what} of ${ofSession(booking)}`,
    });
  }
}

const answer = (note: Note) => json(200, note);

/** GET /api/practice/bookings/:id/note: the note (an empty draft before one is written); audited. */
export const getNote = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const booking = await sessionFor(context, params.id);
    await audited(context, caller, booking, 'read', 'Read the note');
    return answer(await sessionNote(context.db, booking.id));
  },
});

/** PUT /api/practice/bookings/:id/note { text }: saves the draft (autosave); 409 once signed. */
export const putNote = endpoint({
  auth: 'practitioner',
  body: NoteTextRequestSchema,
  async run({ caller, body, params, context }) {
    const booking = await sessionFor(context, params.id);
    const now = context.now();
    requireWritable(booking, now);
    const outcome = await saveDraft(context.db, booking, body.text, now);
    if (outcome === 'signed')
      throw problems.wrongStatus(
        'This note is signed and cannot be changed. Add an addendum under it instead.',
      );
    await audited(context, caller, booking, 'change', 'Saved the draft note');
    return answer(await sessionNote(context.db, booking.id));
  },
});

/** POST /api/practice/bookings/:id/note/sign: locks the note (the database keeps it locked). */
export const signSessionNote = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const booking = await sessionFor(context, params.id);
    const now = context.now();
    requireWritable(booking, now);
    const outcome = await signNote(context.db, booking.id, now);
    if (outcome === 'signed') throw problems.wrongStatus('This note is already signed.');
    if (outcome === 'missing')
      throw problems.outsideRules('Write the note before signing it: it is empty.');
    await audited(context, caller, booking, 'change', 'Signed the note');
    return answer(await sessionNote(context.db, booking.id));
  },
});

/** POST /api/practice/bookings/:id/note/addenda { text }: a dated addition under a signed note. */
export const addNoteAddendum = endpoint({
  auth: 'practitioner',
  body: NoteTextRequestSchema,
  async run({ caller, body, params, context }) {
    const booking = await sessionFor(context, params.id);
    const now = context.now();
    const text = body.text.trim();
    if (!text) throw problems.invalidInput('Write the addendum first: it is empty.');
    const outcome = await addAddendum(context.db, booking.id, text, now);
    if (outcome === 'not-signed')
      throw problems.wrongStatus('This note is still a draft: change it, or sign it first.');
    await audited(context, caller, booking, 'change', 'Added an addendum to the note');
    return json(201, await sessionNote(context.db, booking.id));
  },
});
