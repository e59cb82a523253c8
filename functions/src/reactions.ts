import type { AccountDeleted } from './account';
import type {
  BookingLapsed,
  BookingMoved,
  BookingRequested,
  BookingStatusChanged,
} from './bookings';
import type { BlockRemoved } from './hours';
import {
  noticesOnAccountDeleted,
  noticesOnParticipantLeft,
  tellOfLapse,
  tellOfMove,
  tellOfRequest,
  tellOfStatusChange,
  tellSeriesAnswered,
  tellSeriesEnded,
  tellSeriesRequested,
  tellWeekSkipped,
} from './messages';
import {
  type AccountMoneyHeld,
  endPlanOnSeriesEnd,
  giveBackOnMonthPaid,
  giveBackSkippedWeek,
  holdMoneyOnAccountDeleted,
  REFUND_CANCELLED_SESSION,
  refundOnCancellation,
  releaseAccountMoney,
  type SeriesMonthPaid,
} from './payments';
import { setMessageAudience } from './outbox';
import { createReactions } from './platform/events/reactions';
import {
  inviteOnBookingRequested,
  inviteOnSeriesRequested,
  type ParticipantLeft,
  withParticipants,
} from './participants';
import type { ApiContext } from './platform/http/types';
import type {
  SeriesConfirmed,
  SeriesDeclined,
  SeriesEnded,
  SeriesRequested,
  SeriesWeekSkipped,
} from './series';
import {
  endWaitOnRequest,
  endWaitsOnAccountDeleted,
  offerOnBlockRemoved,
  offerOnMove,
  offerOnSeriesFreed,
  offerOnStatusChange,
} from './waitlist';

/** Every event a capability publishes about a session, a plan or her time. */
export type SessionEvent =
  | BookingRequested
  | BookingStatusChanged
  | BookingMoved
  | BookingLapsed
  | SeriesRequested
  | SeriesConfirmed
  | SeriesDeclined
  | SeriesEnded
  | SeriesWeekSkipped
  | BlockRemoved
  | ParticipantLeft
  | AccountDeleted
  | AccountMoneyHeld
  | SeriesMonthPaid;

/**
 * Who reacts to what, in one place, at start-up: a capability higher in the order
 * (scripts/capability-order.json) reacts to a lower one's event, never the publisher calling it.
 * The names are the durable queue's keys: renaming one strands the rows still waiting under it.
 */
export const sessionReactions = createReactions<SessionEvent, ApiContext>();
sessionReactions.durably('booking.status-changed', REFUND_CANCELLED_SESSION, refundOnCancellation);
sessionReactions.durably('series.ended', 'payments.end-plan', endPlanOnSeriesEnd);

// What is sent: inside the change's own transaction (the outbox), before the waiting list's
// offers, as each endpoint queued its messages first.
sessionReactions.within('booking.requested', tellOfRequest);
sessionReactions.within('booking.status-changed', tellOfStatusChange);
sessionReactions.within('booking.lapsed', tellOfLapse);
sessionReactions.within('booking.moved', tellOfMove);

// The people a series request names: written and invited inside its transaction, before its
// own messages (a session's people: after the waiting list, below).
sessionReactions.within('series.requested', inviteOnSeriesRequested);

// The waiting list: inside the change's own transaction (its offers are outbox emails).
sessionReactions.within('booking.requested', endWaitOnRequest);
sessionReactions.within('series.requested', endWaitOnRequest);
sessionReactions.within('booking.status-changed', offerOnStatusChange);
sessionReactions.within('booking.moved', offerOnMove);
sessionReactions.within('block.removed', offerOnBlockRemoved);
sessionReactions.within('series.declined', offerOnSeriesFreed);
sessionReactions.within('series.ended', offerOnSeriesFreed);

// The people a session request names: written and invited inside its transaction, after its
// own messages.
sessionReactions.within('booking.requested', inviteOnBookingRequested);

// A deleted account: its money decided while its sessions and plans are there, Stripe asked from
// the durable queue; its pending messages and its waits dropped, the practice told.
sessionReactions.within('account.deleted', holdMoneyOnAccountDeleted);
sessionReactions.durably(
  'account-money.held',
  'payments.release-account-money',
  releaseAccountMoney,
);
sessionReactions.within('account.deleted', noticesOnAccountDeleted);
sessionReactions.within('account.deleted', endWaitsOnAccountDeleted);

// Someone left a shared session or series: those still coming, the practice and they are told.
sessionReactions.within('participant.left', noticesOnParticipantLeft);

// Series: the messages inside the change's transaction (messages/series-reactions.ts), and a
// skipped week's money from the durable queue (it may call Stripe).
sessionReactions.within('series.requested', tellSeriesRequested);
sessionReactions.within('series.confirmed', tellSeriesAnswered);
sessionReactions.within('series.declined', tellSeriesAnswered);
sessionReactions.within('series.ended', tellSeriesEnded);
sessionReactions.within('series.week-skipped', tellWeekSkipped);
sessionReactions.durably(
  'series.week-skipped',
  'payments.give-back-skipped-week',
  giveBackSkippedWeek,
);
// A series' month paid (the webhook's invoice.paid): what it owes given back from the queue.
sessionReactions.durably('series-month.paid', 'payments.give-back-paid-month', giveBackOnMonthPaid);

// Who hears a session's messages: its client, and each participant who joined (a copy of their
// own, written with the message in the change's transaction). The outbox sits below participants.
setMessageAudience(withParticipants);
