/** Codes for problems the site itself detects; they share the table with the provider's codes. */
export const SITE_ERROR = {
  incompleteLink: 'site/incomplete-link',
  newEmailInUse: 'site/new-email-in-use',
  sameEmail: 'site/same-email',
  wrongPassword: 'site/wrong-password',
  accountNotDeleted: 'site/account-not-deleted',
  accountUnreachable: 'site/account-unreachable',
} as const;

export type SiteErrorCode = (typeof SITE_ERROR)[keyof typeof SITE_ERROR];

/** An error carrying one of our codes, shown through the same table as the provider's. */
export function siteError(code: SiteErrorCode): Error & { code: SiteErrorCode } {
  return Object.assign(new Error(code), { code });
}

const WRONG_CREDENTIALS = 'The email address or password is incorrect. Please try again.';
const SERVICE_PROBLEM = 'The sign-in service had a problem. Please try again in a moment.';

/** Every identity-provider error code we expect, as a sentence a visitor can act on. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/email-already-in-use':
    'An account with this email address already exists. Please log in, or reset your password.',
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': 'Please choose a stronger password: at least 6 characters.',
  'auth/too-many-requests':
    'Too many attempts in a short time. Please wait a few minutes, then try again.',
  'auth/expired-action-code': 'This link has expired. Please ask for a new one.',
  'auth/invalid-action-code':
    'This link is not valid or has already been used. Please ask for a new one.',
  'auth/requires-recent-login':
    'For your security, please confirm it is you by entering your password again.',
  'auth/user-token-expired': 'Your session has ended. Please log in again.',
  'auth/invalid-verification-code':
    'The verification code is not correct. Please check it and try again.',
  'auth/code-expired': 'The verification code has expired. Please ask for a new one.',
  'auth/operation-not-allowed': 'This way of signing in is not available on this site.',
  'auth/user-disabled': 'This account has been disabled. Please contact the practice.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Please check your connection and try again.',
  'auth/internal-error': SERVICE_PROBLEM,
  // The service answering 503 UNAVAILABLE (an outage), which the SDK passes on as its own code.
  'auth/unavailable': SERVICE_PROBLEM,
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before sign-in finished.',
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Please allow pop-ups for this site and try again.',
  'auth/cancelled-popup-request':
    'Another Google sign-in window was already open. Please try again.',
  'auth/account-exists-with-different-credential':
    'An account with this email address already exists with a different sign-in method. Please log in with your email and password.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this web address.',
  'auth/user-mismatch': 'That account is not the one currently signed in.',
  'auth/no-current-user': 'No user is logged in.',
  'auth/multi-factor-auth-required':
    'This account needs a second sign-in step, which this site does not support yet.',
  'auth/invalid-new-email': 'Please enter a valid new email address.',
  'auth/missing-new-email': 'Please enter your new email address.',
  'auth/unauthorized-continue-uri':
    'We could not prepare the email link for this site. Please try again later, or contact the practice.',
  'auth/invalid-continue-uri':
    'We could not prepare the email link for this site. Please try again later, or contact the practice.',
  // Our own codes: problems the site finds itself, worded in the same voice.
  [SITE_ERROR.incompleteLink]:
    'This link is incomplete. Please open the whole link from the email, or ask for a new one.',
  [SITE_ERROR.newEmailInUse]:
    'Another account already uses this email address. Please choose a different one.',
  [SITE_ERROR.sameEmail]: 'That is already your email address.',
  [SITE_ERROR.wrongPassword]: 'That password is not correct. Please try again.',
  [SITE_ERROR.accountNotDeleted]:
    'We could not delete your account; nothing has been deleted. Please try again, or contact the practice.',
  [SITE_ERROR.accountUnreachable]:
    'We could not reach the practice’s server, so your account has not been deleted. Please check your connection and try again.',
};

const FALLBACK = 'Something went wrong. Please try again.';
const MAX_PROVIDER_MESSAGE = 300;

export function codeOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The sentence shown after 'Error: ': ours for known codes, the provider's own text otherwise. */
export function authErrorMessage(error: unknown): string {
  const code = codeOf(error);
  if (code && Object.hasOwn(AUTH_ERROR_MESSAGES, code))
    return AUTH_ERROR_MESSAGES[code] ?? FALLBACK;
  const raw =
    typeof error === 'string'
      ? error
      : error &&
          typeof error === 'object' &&
          'message' in error &&
          typeof error.message === 'string'
        ? error.message
        : '';
  const message = raw
    .replace(/^Firebase:\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_PROVIDER_MESSAGE);
  return message || FALLBACK;
}
