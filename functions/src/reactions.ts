import type { BookingStatusChanged } from './bookings';
import { endPlanOnSeriesEnd, refundOnCancellation } from './payments';
import { createReactions } from './platform/events/reactions';
import type { ApiContext } from './platform/http/types';
import type { SeriesEnded } from './series';

/** Every event a capability publishes about a session or a plan. */
export type SessionEvent = BookingStatusChanged | SeriesEnded;

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
