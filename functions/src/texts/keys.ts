/** The key that makes a session's reminder text for one start time unique. */
export const textReminderKey = (bookingId: string, start: Date) =>
  `text-reminder:${bookingId}:${start.toISOString()}`;

/** The start a reminder text is for, read back from its key (kept after sending, for a retry). */
export function textReminderStart(dedupeKey: string, bookingId: string): Date {
  return new Date(dedupeKey.slice(`text-reminder:${bookingId}:`.length));
}
