/**
 * Which status changes a booking may go through, and by whom: the server enforces this table and
 * tells the browser the outcome for each booking (`actions`), so no page decides a rule again.
 */
import type { BookingStatus } from './booking';
import { BOOKING_RULES, type BookingRules } from './booking-rules';
import { HOUR_MS } from './time';

export type Actor = 'client' | 'practitioner';
export type BookingAction = 'confirm' | 'decline' | 'cancel' | 'move';

interface Change {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: readonly Actor[];
  /** How long before the start a client may still do it (the practitioner may at any time). */
  clientNoticeHours?: (rules: BookingRules) => number;
}

export const STATUS_CHANGES: Readonly<Record<Exclude<BookingAction, 'move'>, Change>> = {
  confirm: { from: ['requested'], to: 'confirmed', by: ['practitioner'] },
  decline: { from: ['requested'], to: 'declined', by: ['practitioner'] },
  cancel: {
    from: ['requested', 'confirmed'],
    to: 'cancelled',
    by: ['client', 'practitioner'],
    clientNoticeHours: (rules) => rules.clientCancelNoticeHours,
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
};

const changeOf = (action: BookingAction): Change =>
  action === 'move' ? MOVE : STATUS_CHANGES[action];

export const BOOKING_ACTIONS: readonly BookingAction[] = ['confirm', 'decline', 'cancel', 'move'];

export type Refusal = 'not-allowed' | 'wrong-status' | 'too-late';

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
