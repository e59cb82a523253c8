import type { ColumnType, Generated } from 'kysely';

/** A durable reaction to a published event (platform/events/reactions.ts). */
export interface SessionReactionsTable {
  id: Generated<string>;
  /** The subscriber's name, as the wiring file (functions/src/reactions.ts) gives it. */
  handler: string;
  /** The event as published: JSON, data only. */
  event: ColumnType<unknown, string, never>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Given up after its last try: the note says why, by the kind of failure. */
  given_up_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why its last try failed, in a sentence of ours (a problem's detail); null when unknown. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, never>;
}

/** Something given up that she marked as dealt with: a reaction or an email, never both. */
export interface GivenUpDealtWithTable {
  id: Generated<string>;
  reaction_id: string | null;
  message_id: string | null;
  dealt_with_at: Date;
}
