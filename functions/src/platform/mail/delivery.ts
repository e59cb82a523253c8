import { RETENTION_SCHEDULE } from '../../../../shared/retention';
/**
 * When a message that could not be sent is tried again: one minute after the first failure,
 * doubling to at most an hour, for a day from when it was written; then it has failed.
 */
export const DELIVERY_RULES = {
  firstRetryMinutes: 1,
  longestRetryMinutes: 60,
  giveUpAfterHours: 24,
  /** A sender that has not finished within this long (a crash, a hung server) loses its claim. */
  claimMinutes: 5,
  /** Sent messages (their bodies already erased) and failed ones are deleted after this. */
  keepDays: RETENTION_SCHEDULE.messages.period.amount,
} as const;

const MINUTE = 60_000;

/** The next attempt after `attempts` failed ones, or undefined when it is time to give up. */
export function nextAttempt(attempts: number, writtenAt: Date, now: Date): Date | undefined {
  const delayMinutes = Math.min(
    DELIVERY_RULES.firstRetryMinutes * 2 ** Math.max(0, attempts - 1),
    DELIVERY_RULES.longestRetryMinutes,
  );
  const next = new Date(now.getTime() + delayMinutes * MINUTE);
  const giveUpAt = writtenAt.getTime() + DELIVERY_RULES.giveUpAfterHours * 60 * MINUTE;
  return next.getTime() > giveUpAt ? undefined : next;
}
