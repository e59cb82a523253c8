import type { FailedMessage } from '../../../shared/messages-api';
import type { MessageKind, Notification } from './notifications';
import { type AccountNotice, isAccountNoticeKind, parseAccountNotice } from './account-notices';
import type { BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import { textReminderStart, type TextReminderClaim } from '../texts';

/** Fields of a snapshot that hold instants (JSON writes them as ISO strings). */
const INSTANT_FIELDS = new Set([
  'start',
  'end',
  'createdAt',
  'updatedAt',
  'occurrence',
  'firstStart',
  'bookedThrough',
  'endedAt',
  'previousStart',
  'skipped',
  'expiresAt',
]);

/**
 * What a message is written from (the booking, its series, the practitioner's words), as it was
 * at the change: kept in the row until the message is sent, then erased.
 */
type Snapshot = Omit<Notification, 'kind' | 'to'>;

const reviveInstants = (key: string, value: unknown) => {
  if (!INSTANT_FIELDS.has(key)) return value;
  if (typeof value === 'string') return new Date(value);
  if (Array.isArray(value))
    return value.map((each) => (typeof each === 'string' ? new Date(each) : each));
  return value;
};

function parsePayload(payload: unknown): Snapshot {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const parsed = JSON.parse(text, reviveInstants) as Snapshot;
  // Rows written before series existed lack these fields.
  parsed.booking = Object.assign({ seriesId: null, occurrence: null, sequence: 0 }, parsed.booking);
  return parsed;
}

/** The key that makes a session's reminder for one start time unique. */
const reminderKey = (bookingId: string, start: Date) =>
  `reminder:${bookingId}:${start.toISOString()}`;

/** Messages sent once whatever runs twice: a reminder per start time, an account's deletion, a notes request. */
function dedupeKeyOf(notification: Notification): string | null {
  // Each participant of a session has a reminder of their own: once each.
  if (notification.kind === 'reminder')
    return `${reminderKey(notification.booking.id, notification.booking.start)}${notification.forParticipant ? `:${notification.forParticipant}` : ''}`;
  if (notification.kind === 'account-deleted' || notification.kind === 'account-deleted-by-client')
    return `${notification.kind}:${notification.booking.client.uid}`;
  if (notification.notesRequest) return `notes-requested:${notification.notesRequest.id}`;
  return null;
}

/** Who hears a message besides its addressee: the messages as they are, with any copies. */
type Audience = (db: Database, notifications: readonly Notification[]) => Promise<Notification[]>;

let audience: Audience = async (_db, notifications) => [...notifications];

/**
 * Sets who hears a session's messages besides its client: participants (above the outbox) give
 * each one who joined a copy. Set once, at start-up, in the wiring (functions/src/reactions.ts),
 * so the outbox never imports who reacts to it.
 */
export function setMessageAudience(widen: Audience): void {
  audience = widen;
}

/**
 * Writes the messages a change causes. Call it with the transaction that makes the change, so
 * both are kept or neither is. A message whose key is already taken is not written again.
 */
export async function queueMessages(
  db: Database,
  notifications: readonly Notification[],
  options: { now: Date; practiceEmail: string },
): Promise<string[]> {
  if (notifications.length === 0) return [];
  // A couple's or family's session: each participant who joined hears what the client hears.
  const everyone = await audience(db, notifications);
  const rows = await db
    .insertInto('messages')
    .values(
      everyone.map((notification) => ({
        kind: notification.kind,
        recipient: notification.to,
        to_address:
          notification.to === 'client' ? notification.booking.client.email : options.practiceEmail,
        client_uid: notification.booking.client.uid,
        // A week a series could not have has no session of its own: no id.
        booking_id: notification.booking.id || null,
        dedupe_key: dedupeKeyOf(notification),
        payload: JSON.stringify({ ...notification, kind: undefined, to: undefined }),
        next_attempt_at: options.now,
        created_at: options.now,
        updated_at: options.now,
      })),
    )
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

interface Claim {
  id: string;
  /** The address the message goes to. */
  address: string;
  attempts: number;
  createdAt: Date;
}

/** A message about a booking, one about the account itself (no booking), or a reminder text. */
export type ClaimedMessage = (Notification & Claim) | (AccountNotice & Claim) | TextReminderClaim;

/**
 * Claims up to `limit` messages that are due, for one sender: a row is claimed by one sender
 * only (`for update skip locked`), and a claim older than `claimUntil` lapses (its sender died).
 */
export async function claimDueMessages(
  db: Database,
  options: { now: Date; claimUntil: Date; limit: number },
): Promise<ClaimedMessage[]> {
  const rows = await db
    .updateTable('messages')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      next_attempt_at: options.claimUntil,
      updated_at: options.now,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('messages')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', options.now)
        .orderBy('next_attempt_at')
        .limit(options.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'kind',
      'recipient',
      'to_address',
      'payload',
      'attempts',
      'created_at',
      'client_uid',
      'booking_id',
      'dedupe_key',
    ])
    .execute();
  return rows.map((row) => {
    const claim: Claim = {
      id: row.id,
      address: row.to_address,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
    };
    if (row.kind === 'text-reminder')
      return {
        ...claim,
        kind: 'text-reminder',
        clientUid: row.client_uid,
        bookingId: row.booking_id ?? '',
        start: textReminderStart(row.dedupe_key ?? '', row.booking_id ?? ''),
      };
    if (isAccountNoticeKind(row.kind))
      return { ...parseAccountNotice(row.kind, row.payload), ...claim };
    return {
      ...parsePayload(row.payload),
      kind: row.kind as MessageKind,
      to: row.recipient,
      ...claim,
    } as ClaimedMessage;
  });
}

/** Sent: the body's material (names, times, the note) is erased; only the record stays. */
export async function markSent(db: Database, id: string, now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ status: 'sent', sent_at: now, payload: null, last_error: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Not sent: tried again at `retryAt`, or failed for good when there is none. */
export async function markNotSent(
  db: Database,
  id: string,
  outcome: { error: string; retryAt: Date | undefined; now: Date },
): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      status: outcome.retryAt ? 'pending' : 'failed',
      next_attempt_at: outcome.retryAt ?? outcome.now,
      last_error: outcome.error.slice(0, 500),
      updated_at: outcome.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** No longer worth sending (a reminder for a session that was cancelled or moved). */
export async function markDropped(db: Database, id: string, now: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set({ status: 'dropped', payload: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

const failedColumns = ['id', 'kind', 'to_address', 'booking_id', 'attempts', 'last_error'] as const;

const toFailed = (row: {
  id: string;
  kind: string;
  to_address: string;
  booking_id: string | null;
  attempts: number;
  last_error: string | null;
}): FailedMessage => ({
  id: row.id,
  kind: row.kind as MessageKind,
  to: row.to_address,
  bookingId: row.booking_id,
  attempts: row.attempts,
  lastError: row.last_error ?? '',
});

export async function failedMessages(db: Database): Promise<FailedMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .select(failedColumns)
    .where('status', '=', 'failed')
    .orderBy('created_at')
    .execute();
  return rows.map(toFailed);
}

/** A failed message goes out again now, with a fresh day of retries; undefined if none. */
export async function retryFailedMessage(
  db: Database,
  id: string,
  now: Date,
): Promise<FailedMessage | undefined> {
  const row = await db
    .updateTable('messages')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, created_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning(failedColumns)
    .executeTakeFirst();
  return row && toFailed(row);
}

/**
 * Whether the reminder of each booking (for its current start) was sent or has failed, by
 * booking id: the key of a reminder stays the outbox's own.
 */
export async function reminderStates(
  db: Database,
  bookings: readonly Pick<BookingRecord, 'id' | 'start' | 'status'>[],
): Promise<Map<string, { sentAt: Date | null; failed: boolean }>> {
  const bookingOfKey = new Map(
    bookings
      .filter((booking) => booking.status === 'confirmed')
      .map((booking) => [reminderKey(booking.id, booking.start), booking.id]),
  );
  const states = new Map<string, { sentAt: Date | null; failed: boolean }>();
  if (bookingOfKey.size === 0) return states;
  const rows = await db
    .selectFrom('messages')
    .select(['dedupe_key', 'sent_at', 'status'])
    .where('dedupe_key', 'in', [...bookingOfKey.keys()])
    .execute();
  for (const row of rows) {
    const bookingId = bookingOfKey.get(row.dedupe_key ?? '');
    if (bookingId === undefined) continue;
    states.set(bookingId, {
      sentAt: row.sent_at ? new Date(row.sent_at) : null,
      failed: row.status === 'failed',
    });
  }
  return states;
}

/** Deletes what is no longer needed: sent, dropped and failed messages older than `before`. */
export async function pruneMessages(db: Database, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('messages')
    .where('status', 'in', ['sent', 'dropped', 'failed'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Messages still to go to a client whose account is being deleted. */
export async function dropClientMessages(db: Database, clientUid: string): Promise<void> {
  await db
    .deleteFrom('messages')
    .where('client_uid', '=', clientUid)
    .where('recipient', '=', 'client')
    .where('status', 'in', ['pending', 'sending', 'failed'])
    .execute();
}
