/**
 * The practice pages sign her out after this long without input (in any open tab), with a
 * warning and "Stay signed in" shortly before; the sentences are built from these numbers.
 */
export const IDLE_RULES = {
  /** Minutes without input after which every practice tab signs out. */
  signOutMinutes: 30,
  /** Minutes before that when the warning comes. */
  warnMinutesBefore: 2,
} as const;

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

export const IDLE_SENTENCES = {
  warning: `You have not used the practice pages for ${minutes(IDLE_RULES.signOutMinutes - IDLE_RULES.warnMinutesBefore)}. To keep your clients’ records safe, you will be signed out in ${minutes(IDLE_RULES.warnMinutesBefore)}, in every tab.`,
  signedOut: `You were signed out after ${minutes(IDLE_RULES.signOutMinutes)} without use of the practice pages. Log in again to carry on.`,
};
