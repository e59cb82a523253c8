/**
 * Published inside the transaction that ends a series: the sessions it cancelled (their own
 * `booking.status-changed` events follow), and whether its client or the practice ended it.
 */
export interface SeriesEnded {
  type: 'series.ended';
  seriesId: string;
  by: 'client' | 'practice';
  cancelledIds: string[];
  occurredAt: string;
}
