import { findBooking } from '../bookings';
import { textReminderKey } from './keys';
import type { Database } from '../platform/database/database';

export async function readTextReminders(db: Database, clientUid: string) {
  return db
    .selectFrom('text_reminders')
    .selectAll()
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
}

/** Turned on: the number and the moment they agreed, replacing any earlier choice. */
export async function turnOn(db: Database, clientUid: string, phone: string, now: Date) {
  const values = { phone, consented_at: now, stopped_at: null, stopped_by_reply: false };
  await db
    .insertInto('text_reminders')
    .values({ client_uid: clientUid, ...values })
    .onConflict((conflict) => conflict.column('client_uid').doUpdateSet(values))
    .execute();
}

export async function turnOff(db: Database, clientUid: string) {
  await db.deleteFrom('text_reminders').where('client_uid', '=', clientUid).execute();
}

/** A STOP reply from this number: every client texting to it stops, and the account page says why. */
export async function stopByReply(db: Database, phone: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('text_reminders')
    .set({ stopped_at: now, stopped_by_reply: true })
    .where('phone', '=', phone)
    .where('stopped_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The reminder text of each of these sessions whose client has texts on: once per start time. */
export async function queueTextReminders(
  db: Database,
  sessions: readonly { id: string; start: Date; client: { uid: string } }[],
  now: Date,
): Promise<number> {
  if (sessions.length === 0) return 0;
  const choices = await db
    .selectFrom('text_reminders')
    .select(['client_uid', 'phone'])
    .where(
      'client_uid',
      'in',
      sessions.map((session) => session.client.uid),
    )
    .where('stopped_at', 'is', null)
    .execute();
  const phoneOf = new Map(choices.map((choice) => [choice.client_uid, choice.phone]));
  const rows = sessions.flatMap((session) => {
    const phone = phoneOf.get(session.client.uid);
    if (!phone) return [];
    return [
      {
        kind: 'text-reminder',
        recipient: 'client' as const,
        to_address: phone,
        client_uid: session.client.uid,
        booking_id: session.id,
        dedupe_key: textReminderKey(session.id, session.start),
        // The start is in the key: the text is written from nothing else.
        payload: null,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      },
    ];
  });
  if (rows.length === 0) return 0;
  const written = await db
    .insertInto('messages')
    .values(rows)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return written.length;
}

/** Handed to Twilio: its SID kept (unless a callback has already said it failed). */
export async function markTextAccepted(db: Database, id: string, sid: string, now: Date) {
  await db
    .updateTable('messages')
    .set({ status: 'sent', sent_at: now, provider_id: sid, last_error: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Twilio's word on a text it took (our message id, its SID): failed or undelivered makes it a
 * failed message (her list shows it); delivered, sent. A callback for an earlier try of a text
 * since sent again (another SID) changes nothing.
 */
export async function recordTextStatus(
  db: Database,
  text: { id: string; sid: string },
  outcome: { failed: false } | { failed: true; reason: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set(
      outcome.failed
        ? { status: 'failed', last_error: outcome.reason.slice(0, 500), updated_at: now }
        : { status: 'sent', sent_at: now, last_error: null, updated_at: now },
    )
    .set({ provider_id: text.sid })
    .where('id', '=', text.id)
    .where('kind', '=', 'text-reminder')
    .where((eb) =>
      eb.or([
        eb('provider_id', '=', text.sid),
        // The callback overtook the API's answer: the row is still being sent.
        eb.and([eb('status', '=', 'sending'), eb('provider_id', 'is', null)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a text reminder is still worth sending: the session still confirmed at that start. */
export async function textStillWanted(
  db: Database,
  bookingId: string,
  start: Date,
  clientUid: string,
) {
  const [booking, choice] = await Promise.all([
    findBooking(db, bookingId),
    db
      .selectFrom('text_reminders')
      .select('phone')
      .where('client_uid', '=', clientUid)
      .where('stopped_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return (
    booking?.status === 'confirmed' &&
    booking.start.getTime() === start.getTime() &&
    choice !== undefined
  );
}
