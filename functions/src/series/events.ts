import type { PartyRequest } from '../../../shared/participants';

/**
 * Published inside the transaction that ends a series: the sessions it cancelled (their own
 * `booking.status-changed` events follow), and whether its client or the practice ended it.
 */
export interface SeriesEnded {
  type: 'series.ended';
  seriesId: string;
  by: 'client' | 'practice';
  cancelledIds: string[];
  /** The cancelled sessions' starts (ISO): its weekly time, free again. */
  freedStarts: string[];
  occurredAt: string;
}

/** Published inside the transaction that makes a request for a standing series. */
export interface SeriesRequested {
  type: 'series.requested';
  seriesId: string;
  clientUid: string;
  serviceId: number;
  /** The other people the request names, checked (participants invites them); absent if none. */
  party?: PartyRequest;
  occurredAt: string;
}

/** Published inside the transaction where the practitioner confirms a whole series. */
export interface SeriesConfirmed {
  type: 'series.confirmed';
  seriesId: string;
  occurredAt: string;
}

/** Published inside the transaction where the practitioner declines a whole series. */
export interface SeriesDeclined {
  type: 'series.declined';
  seriesId: string;
  /** The declined sessions' starts (ISO): a standing time free again. */
  freedStarts: string[];
  occurredAt: string;
}

/**
 * Published inside the rolling job's transaction for each week it could not book (the time was
 * not free): the week is given back as the practice cancelling it would be, and both sides told.
 */
export interface SeriesWeekSkipped {
  type: 'series.week-skipped';
  seriesId: string;
  /** The week's start (ISO), as the session it would have been. */
  occurrence: string;
  occurredAt: string;
}
