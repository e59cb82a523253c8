import type {
  BookingLapsed,
  BookingMoved,
  BookingRequested,
  BookingStatusChanged,
} from './bookings';
import type { BlockRemoved } from './hours';
import { tellOfLapse, tellOfMove, tellOfRequest, tellOfStatusChange } from './messages';
import { endPlanOnSeriesEnd, refundOnCancellation } from './payments';
import { createReactions } from './platform/events/reactions';
import type { ApiContext } from './platform/http/types';
import type { SeriesDeclined, SeriesEnded, SeriesRequested } from './series';
import {
  endWaitOnRequest,
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
  | SeriesDeclined
  | SeriesEnded
  | BlockRemoved;

/**
 * Who reacts to what, in one place, at start-up: a capability higher in the order
 * (scripts/capability-order.json) reacts to a lower one's event, never the publisher calling it.
 * The names are the durable queue's keys: renaming one strands the rows still waiting under it.
 */
export const sessionReactions = createReactions<SessionEvent, ApiContext>();
sessionReactions.durably(
  'booking.status-changed',
  'payments.refund-cancelled-session',
  refundOnCancellation,
);
sessionReactions.durably('series.ended', 'payments.end-plan', endPlanOnSeriesEnd);

// What is sent: inside the change's own transaction (the outbox), before the waiting list's
// offers, as each endpoint queued its messages first.
sessionReactions.within('booking.requested', tellOfRequest);
sessionReactions.within('booking.status-changed', tellOfStatusChange);
sessionReactions.within('booking.lapsed', tellOfLapse);
sessionReactions.within('booking.moved', tellOfMove);

// The waiting list: inside the change's own transaction (its offers are outbox emails).
sessionReactions.within('booking.requested', endWaitOnRequest);
sessionReactions.within('series.requested', endWaitOnRequest);
sessionReactions.within('booking.status-changed', offerOnStatusChange);
sessionReactions.within('booking.moved', offerOnMove);
sessionReactions.within('block.removed', offerOnBlockRemoved);
sessionReactions.within('series.declined', offerOnSeriesFreed);
sessionReactions.within('series.ended', offerOnSeriesFreed);
