/** How long a sign-in's passkey step counts for the practice pages, and for the gravest acts. */
export const SECOND_FACTOR_RULES = { sessionHours: 12, freshMinutes: 5 } as const;

/** The API's refusals when her passkey step is missing, too old, or not fresh enough for the act. */
export const SECOND_FACTOR_PROBLEMS = {
  title: 'Confirm it is you with your passkey',
  missing: 'Confirm it is you with your passkey: the practice pages need it after your password.',
  stale: `Confirm it is you with your passkey: it was last used over ${SECOND_FACTOR_RULES.sessionHours} hours ago.`,
  notFresh: `Confirm it is you with your passkey again: this needs it within the last ${SECOND_FACTOR_RULES.freshMinutes} minutes.`,
} as const;
