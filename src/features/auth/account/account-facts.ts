const METHOD_NAMES: Readonly<Record<string, string>> = {
  password: 'Email and password',
  'google.com': 'Google',
};

/** The provider ids the account can sign in with, in a stable order. */
export function signInMethodsOf(user: {
  providerData: readonly { providerId: string }[];
}): string[] {
  return [...new Set(user.providerData.map((info) => info.providerId))].sort();
}

/** "Email and password", "Google"; a provider we do not name is shown by its id. */
export function signInMethodName(providerId: string): string {
  return Object.hasOwn(METHOD_NAMES, providerId)
    ? (METHOD_NAMES[providerId] ?? providerId)
    : providerId;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** A user-metadata time (an HTTP date string) for people, in the practice's time zone. */
export function formatAccountTime(value: string | undefined): { text: string; iso: string } | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { text: DATE_TIME.format(date), iso: date.toISOString() };
}

/** The word the visitor types to confirm deleting the account. */
export const DELETE_CONFIRMATION = 'DELETE';

/** Whether the typed confirmation matches, forgiving case and surrounding spaces. */
export function deletionConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_CONFIRMATION;
}
