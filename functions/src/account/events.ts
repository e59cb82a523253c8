/**
 * Published inside the deletion's transaction, before its sessions and plans go: whoever reacts
 * inside that transaction still finds them by these ids (the money decided, the waiting list and
 * the messages dropped). Data only: no name or email, as a durable copy may outlive the account.
 */
export interface AccountDeleted {
  type: 'account.deleted';
  uid: string;
  /** Every session the account booked (ahead or past), and its series. */
  bookingIds: string[];
  seriesIds: string[];
  occurredAt: string;
}
