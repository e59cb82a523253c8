import type { Database } from '../platform/database/database';
import { clientBookings, type BookingRecord, joinUrlOf, bookingView } from '../bookings';
import { accountsInTheRoom, partyLookup, sharedSessions } from '../participants';
import { writeAudit } from '../platform/audit';
import { findIntake } from './intake-queries';
import { clientQuestionnaires } from './questionnaire-queries';
import { hasClinicalRecord, isRetained, refuseIfRetained } from './retention';
import { markRiskSeen, unseenRiskFlags } from './risk-queries';
import {
  ATTENDANCE,
  RiskFollowUpRequestSchema,
  type AttendanceCounts,
  type InstrumentOutcome,
  type RecordNote,
} from '../../../shared/clinical-api';
import { OUTCOME_RULES, labelScores } from '../../../shared/clinical-rules';
import { INSTRUMENTS, type QuestionnaireRecord } from '../../../shared/questionnaires';
import { serviceNameOf, type Service } from '../../../shared/service';
import {
  clientNotes,
  clientRiskFollowUps,
  insertRiskFollowUp,
  notesOfAttended,
  notesOfSessions,
  type NoteRow,
} from './note-queries';
import { DEFAULT_MEETING_HOST } from '../platform/settings';
import { endpoint } from '../platform/http/endpoint';
import { intakeView } from './intake';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import { paymentStates } from '../payments';

/** A Firebase uid from the path; anything else is simply not found. */
export function clientUid(value: string | undefined): string {
  if (!value || !/^[\w-]{1,128}$/.test(value)) {
    throw problems.notFound('There is no client with that id. Open them from the diary.');
  }
  return value;
}

export const recordNoteView = (note: NoteRow, services: readonly Service[]): RecordNote => ({
  bookingId: note.bookingId ?? '',
  start: note.sessionStart.toISOString(),
  serviceName: serviceNameOf(services, note.serviceId),
  text: note.text,
  status: note.status,
  ...(note.signedAt && { signedAt: note.signedAt }),
  addenda: note.addenda,
});

/** How many sessions were marked each way. */
function attendanceCounts(bookings: readonly BookingRecord[]): AttendanceCounts {
  const counts = Object.fromEntries(ATTENDANCE.map((each) => [each, 0])) as AttendanceCounts;
  for (const booking of bookings) if (booking.attendance) counts[booking.attendance] += 1;
  return counts;
}

/** Each instrument answered, with its lines and every score labelled against the first. */
export function outcomesOf(questionnaires: readonly QuestionnaireRecord[]): InstrumentOutcome[] {
  return INSTRUMENTS.flatMap((instrument) => {
    const scores = questionnaires
      .filter((each) => each.instrument === instrument)
      .map(({ id, total, band, submittedAt }) => ({ id, total, band, submittedAt }));
    if (scores.length === 0) return [];
    return [{ instrument, ...OUTCOME_RULES[instrument], scores: labelScores(instrument, scores) }];
  });
}

/** A session as the client's record lists it (their own, or one they joined as a participant). */
function recordBookingView(booking: BookingRecord, services: readonly Service[], now: Date) {
  const view = bookingView(booking, services, now);
  return {
    id: view.id,
    serviceId: view.serviceId,
    serviceName: view.serviceName,
    start: view.start,
    end: view.end,
    status: view.status,
    seriesId: booking.seriesId ?? null,
    attendance: booking.attendance ?? null,
    mode: booking.mode ?? 'in-person',
  };
}

/** The client's own notes and those of the shared sessions they joined, newest session first. */
async function withSharedNotes(
  db: Database,
  clientUid: string,
  own: readonly NoteRow[],
  shared: readonly BookingRecord[],
): Promise<NoteRow[]> {
  const [ofShared, ofAttended] = await Promise.all([
    notesOfSessions(
      db,
      shared.map((booking) => booking.id),
    ),
    // Sessions whose booking went with the booker's deleted account keep their note here too.
    notesOfAttended(db, clientUid),
  ]);
  const byId = new Map([...own, ...ofShared, ...ofAttended].map((note) => [note.id, note]));
  return [...byId.values()].sort((a, b) => b.sessionStart.getTime() - a.sessionStart.getTime());
}

/** GET /api/practice/clients/:id: the client's intake, questionnaires and bookings; audited. */
export const practiceClient = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const uid = clientUid(params.id);
    const now = context.now();
    if (await isRetained(context.db, uid)) {
      throw problems.notFound(
        'This client deleted their account: open their record under Retained records.',
      );
    }
    const [intake, questionnaires, bookings, ownNotes, riskFollowUps, shared] = await Promise.all([
      findIntake(context.db, uid),
      clientQuestionnaires(context.db, uid),
      clientBookings(context.db, uid),
      clientNotes(context.db, uid),
      clientRiskFollowUps(context.db, uid),
      // The couples' and families' sessions they joined are in their record too.
      sharedSessions(context.db, uid),
    ]);
    // A shared session's note belongs to the session: it is on every participant's record too.
    const notes = await withSharedNotes(context.db, uid, ownNotes, shared);
    const recorded = intake?.client ?? bookings.at(-1)?.client;
    if (!recorded && questionnaires.length === 0 && notes.length === 0 && shared.length === 0) {
      throw problems.notFound('There is no client with that id. Open them from the diary.');
    }
    // The record heads with the client's name: from the account when the records carry none.
    const known = recorded?.name ? recorded : ((await context.findUser?.(uid)) ?? recorded);
    await writeAudit(context.db, {
      at: now,
      actorUid: caller.uid,
      clientUid: uid,
      action: 'read',
      what: 'Opened the client’s record: intake, agreement, questionnaires, session notes, risk follow-ups and bookings',
    });
    const payments = await paymentStates(context, bookings, []);
    const partyOf = await partyLookup(context.db, [...bookings, ...shared], 'practitioner');
    return json(200, {
      client: known ?? { uid, email: '', name: '' },
      intake: intake ? intakeView(intake) : null,
      questionnaires,
      bookings: [
        ...bookings.map((booking) => {
          const payment = payments.booking(booking);
          return {
            ...recordBookingView(booking, context.services, now),
            ...(joinUrlOf(booking, context.meetingHost ?? DEFAULT_MEETING_HOST) && {
              joinUrl: joinUrlOf(booking, context.meetingHost ?? DEFAULT_MEETING_HOST),
            }),
            payment,
            ...partyOf(booking),
          };
        }),
        // No payment on a joined session: it is the booker's.
        ...shared.map((booking) => ({
          ...recordBookingView(booking, context.services, now),
          ...partyOf(booking),
          bookedBy: booking.client.name || booking.client.email,
        })),
      ],
      notes: notes.map((note) => recordNoteView(note, context.services)),
      attendance: attendanceCounts(bookings),
      outcomes: outcomesOf(questionnaires),
      riskFollowUps,
    });
  },
});

/** POST /api/practice/clients/:id/risk-seen: the practitioner has seen the risk answers; audited. */
export const markClientRiskSeen = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const uid = clientUid(params.id);
    const now = context.now();
    const marked = await context.db.transaction().execute(async (trx) => {
      await refuseIfRetained(trx, uid);
      const count = await markRiskSeen(trx, uid, now);
      if (count > 0) {
        await writeAudit(trx, {
          at: now,
          actorUid: caller.uid,
          clientUid: uid,
          action: 'change',
          what: 'Marked the risk answers seen',
        });
      }
      return count;
    });
    return json(200, { marked });
  },
});

/** GET /api/practice/risk-flags: clients with risk answers not yet seen, for the diary; audited. */
export const riskFlags = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    const now = context.now();
    const flags = await unseenRiskFlags(context.db);
    for (const flag of flags) {
      await writeAudit(context.db, {
        at: now,
        actorUid: caller.uid,
        clientUid: flag.client.uid,
        action: 'read',
        what: 'Saw that the client has a risk answer not yet marked seen',
      });
    }
    return json(200, {
      flags: flags.map((flag) => ({
        client: flag.client,
        since: flag.since.toISOString(),
        count: flag.count,
      })),
    });
  },
});

/** POST /api/practice/clients/:id/risk-follow-ups: what she did about the risk answers; audited. */
export const addRiskFollowUp = endpoint({
  auth: 'practitioner',
  body: RiskFollowUpRequestSchema,
  async run({ caller, body, params, context }) {
    const uid = clientUid(params.id);
    const now = context.now();
    const followUp = await context.db.transaction().execute(async (trx) => {
      await refuseIfRetained(trx, uid);
      const known = await hasClinicalRecord(trx, uid);
      if (!known)
        throw problems.notFound('There is no client with that id. Open them from the diary.');
      const added = await insertRiskFollowUp(trx, {
        clientUid: uid,
        actorUid: caller.uid,
        action: body.action,
        text: body.text,
        at: now,
      });
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: uid,
        action: 'change',
        what: `Recorded a risk follow-up (${body.action})`,
      });
      return added;
    });
    return json(201, followUp);
  },
});

/** The client's signed session notes with their addenda, as the record shows them (drafts stay out). */
export async function signedNotesOf(
  db: Database,
  uid: string,
  services: readonly Service[],
): Promise<RecordNote[]> {
  // The shared sessions' notes too: a session's note is on the record of everyone in the room.
  const [own, shared] = await Promise.all([clientNotes(db, uid), sharedSessions(db, uid)]);
  const notes = await withSharedNotes(db, uid, own, shared);
  return notes
    .filter((note) => note.status === 'signed')
    .map((note) => recordNoteView(note, services));
}

/**
 * Every note on a client's record (their own and their shared sessions'), newest first, each
 * marked when someone else was in the room: what concerns that person is hers to review.
 */
export async function notesOnRecord(
  db: Database,
  uid: string,
): Promise<(NoteRow & { sharedSession: boolean })[]> {
  const [own, shared, bookings] = await Promise.all([
    clientNotes(db, uid),
    sharedSessions(db, uid),
    clientBookings(db, uid),
  ]);
  const notes = await withSharedNotes(db, uid, own, shared);
  const ownIds = new Set(own.map((note) => note.id));
  return Promise.all(
    notes.map(async (note) => {
      if (!ownIds.has(note.id)) return { ...note, sharedSession: true };
      const booking = bookings.find((each) => each.id === note.bookingId);
      const room = booking ? await accountsInTheRoom(db, booking) : [];
      return { ...note, sharedSession: room.length > 0 };
    }),
  );
}
