/**
 * Which status changes a booking may go through, and by whom: the server enforces this table and
 * tells the browser the outcome for each booking (`actions`), so no page decides a rule again.
 */
import type { BookingStatus } from './booking';
import { BOOKING_RULES, type BookingRules } from './booking-rules';
import { HOUR_MS } from './time-words';

export type Actor = 'client' | 'practitioner';
export type BookingAction = 'confirm' | 'decline' | 'cancel' | 'move';

interface Change {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly Actor[];
  /** How long before the start a client may still do it (the practitioner may at any time). */
  clientNoticeHours?: (rules: BookingRules) => number;
  /**
   * Only before the start, by anyone: a session that has begun is history (its attendance says
   * what happened, and giving money back is her separate refund), and a request not answered by
   * its start has lapsed (the scheduled job declines it).
   */
  beforeStart?: true;
}

export const STATUS_CHANGES: Readonly<Record<Exclude<BookingAction, 'move'>, Change>> = {
  confirm: { from: ['requested'], to: 'confirmed', by: ['practitioner'], beforeStart: true },
  decline: { from: ['requested'], to: 'declined', by: ['practitioner'] },
  cancel: {
    from: ['requested', 'confirmed'],
    to: 'cancelled',
    by: ['client', 'practitioner'],
    clientNoticeHours: (rules) => rules.clientCancelNoticeHours,
    beforeStart: true,
  },
};

/**
 * Moving a session keeps its status: not a status change, but the same who-and-when rule (the
 * client with notice before the old time, and the new time must be bookable; the practitioner any
 * time). Checked with the table's function, so it is listed in `actions` like the others.
 */
const MOVE: Change = {
  from: ['requested', 'confirmed'],
  to: 'confirmed',
  by: ['client', 'practitioner'],
  clientNoticeHours: (rules) => rules.clientCancelNoticeHours,
  beforeStart: true,
};

const changeOf = (action: BookingAction): Change =>
  action === 'move' ? MOVE : STATUS_CHANGES[action];

export const BOOKING_ACTIONS: readonly BookingAction[] = ['confirm', 'decline', 'cancel', 'move'];

export type Refusal = 'not-allowed' | 'wrong-status' | 'too-late' | 'started';

/** Why a change is refused once the session's time has begun (409), in words she can act on. */
export const STARTED_SENTENCES: Readonly<Record<Exclude<BookingAction, 'decline'>, string>> = {
  confirm:
    'This request was not answered before its time began, so it can no longer be confirmed. Decline it, and offer the client another time.',
  cancel:
    'This session has already begun, so it cannot be cancelled. Record what happened as its attendance; to give money back, refund the payment itself.',
  move: 'This session has already begun, so it cannot be moved. Record what happened as its attendance, and book another session if one is needed.',
};

/** The word a client gets when their request reached its time unanswered (the scheduled job). */
export const LAPSED_REQUEST_SENTENCE =
  'Your request reached its time before I could answer it, so it has lapsed.';

/** Whether `actor` may take `action` on a booking now, or why not. */
export function checkChange(
  action: BookingAction,
  booking: { status: BookingStatus; start: Date },
  actor: Actor,
  now: Date,
  rules: BookingRules = BOOKING_RULES,
): { ok: true } | { ok: false; refusal: Refusal } {
  const change = changeOf(action);
  if (!change.by.includes(actor)) return { ok: false, refusal: 'not-allowed' };
  if (!change.from.includes(booking.status)) return { ok: false, refusal: 'wrong-status' };
  if (change.beforeStart && booking.start.getTime() <= now.getTime())
    return { ok: false, refusal: 'started' };
  const notice = actor === 'client' ? change.clientNoticeHours?.(rules) : undefined;
  if (notice !== undefined && booking.start.getTime() <= now.getTime() + notice * HOUR_MS)
    return { ok: false, refusal: 'too-late' };
  return { ok: true };
}

/** What `actor` may do with a booking now, in the table's order. */
export function allowedActions(
  booking: { status: BookingStatus; start: Date },
  actor: Actor,
  now: Date,
  rules: BookingRules = BOOKING_RULES,
): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => checkChange(action, booking, actor, now, rules).ok);
}
