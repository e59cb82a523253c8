import { IDLE_RULES } from './idle-sign-out';

/** How long a sign-in's passkey step counts for the practice pages, and for the gravest acts. */
export const SECOND_FACTOR_RULES = {
  sessionHours: 12,
  freshMinutes: 5,
  /** The server ends her sign-in after this long without a practice request, as the pages do. */
  idleMinutes: IDLE_RULES.signOutMinutes,
} as const;

/** Passkey challenges one caller (an account, else an address) may ask for: a burst, then per minute. */
export const PASSKEY_CHALLENGE_LIMITS = { burst: 20, perMinute: 20 } as const;

/** The API's refusals when her passkey step is missing, too old, or not fresh enough for the act. */
export const SECOND_FACTOR_PROBLEMS = {
  title: 'Confirm it is you with your passkey',
  missing: 'Confirm it is you with your passkey: the practice pages need it after your password.',
  stale: `Confirm it is you with your passkey: it was last used over ${SECOND_FACTOR_RULES.sessionHours} hours ago.`,
  idle: `Confirm it is you with your passkey: the practice pages were not used for ${SECOND_FACTOR_RULES.idleMinutes} minutes.`,
  notFresh: `Confirm it is you with your passkey again: this needs it within the last ${SECOND_FACTOR_RULES.freshMinutes} minutes.`,
  tooManyChallenges: (seconds: number) =>
    `Too many passkey requests at once: wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`,
} as const;
