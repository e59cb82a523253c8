import { config } from '../../config/env';

/**
 * An email link's calls to the identity provider through its REST API, the very calls the SDK
 * makes for `checkActionCode`, `applyActionCode` and `confirmPasswordReset`
 * (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/resetPassword and
 * .../accounts/update): /auth/action checks its link without downloading the SDK (32 kB gz)
 * first. A refusal throws the SDK's own error code (`auth/…`, mapped as the SDK maps the
 * server's), so the page says the same sentences.
 */

/**
 * The server's error names the SDK gives another code than their own, lower-cased: its
 * `SERVER_ERROR_MAP` (@firebase/auth 1.13, src/api/errors.ts), with `USER_DISABLED`, which it
 * maps in its request code.
 */
const SDK_CODES: Record<string, string> = {
  CREDENTIAL_MISMATCH: 'custom-token-mismatch',
  MISSING_CUSTOM_TOKEN: 'internal-error',
  INVALID_IDENTIFIER: 'invalid-email',
  MISSING_CONTINUE_URI: 'internal-error',
  INVALID_PASSWORD: 'wrong-password',
  MISSING_PASSWORD: 'missing-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_EXISTS: 'email-already-in-use',
  PASSWORD_LOGIN_DISABLED: 'operation-not-allowed',
  INVALID_IDP_RESPONSE: 'invalid-credential',
  INVALID_PENDING_TOKEN: 'invalid-credential',
  FEDERATED_USER_ID_ALREADY_LINKED: 'credential-already-in-use',
  MISSING_REQ_TYPE: 'internal-error',
  EMAIL_NOT_FOUND: 'user-not-found',
  RESET_PASSWORD_EXCEED_LIMIT: 'too-many-requests',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  MISSING_OOB_CODE: 'internal-error',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
  INVALID_ID_TOKEN: 'invalid-user-token',
  TOKEN_EXPIRED: 'user-token-expired',
  USER_NOT_FOUND: 'user-token-expired',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
  INVALID_CODE: 'invalid-verification-code',
  INVALID_SESSION_INFO: 'invalid-verification-id',
  INVALID_TEMPORARY_PROOF: 'invalid-credential',
  MISSING_SESSION_INFO: 'missing-verification-id',
  SESSION_EXPIRED: 'code-expired',
  MISSING_ANDROID_PACKAGE_NAME: 'missing-android-pkg-name',
  UNAUTHORIZED_DOMAIN: 'unauthorized-continue-uri',
  INVALID_OAUTH_CLIENT_ID: 'invalid-oauth-client-id',
  ADMIN_ONLY_OPERATION: 'admin-restricted-operation',
  INVALID_MFA_PENDING_CREDENTIAL: 'invalid-multi-factor-session',
  MFA_ENROLLMENT_NOT_FOUND: 'multi-factor-info-not-found',
  MISSING_MFA_ENROLLMENT_ID: 'missing-multi-factor-info',
  MISSING_MFA_PENDING_CREDENTIAL: 'missing-multi-factor-session',
  SECOND_FACTOR_EXISTS: 'second-factor-already-in-use',
  SECOND_FACTOR_LIMIT_EXCEEDED: 'maximum-second-factor-count-exceeded',
  BLOCKING_FUNCTION_ERROR_RESPONSE: 'internal-error',
  RECAPTCHA_NOT_ENABLED: 'recaptcha-not-enabled',
  MISSING_RECAPTCHA_TOKEN: 'missing-recaptcha-token',
  INVALID_RECAPTCHA_TOKEN: 'invalid-recaptcha-token',
  INVALID_RECAPTCHA_ACTION: 'invalid-recaptcha-action',
  MISSING_CLIENT_TYPE: 'missing-client-type',
  MISSING_RECAPTCHA_VERSION: 'missing-recaptcha-version',
  INVALID_RECAPTCHA_VERSION: 'invalid-recaptcha-version',
  INVALID_REQ_TYPE: 'invalid-req-type',
  USER_DISABLED: 'user-disabled',
};

/** An error as the SDK throws it: `code` is what the page reads (auth-errors.ts). */
export class AuthRestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The SDK's code for the server's error message ("WEAK_PASSWORD : Password should be…"). */
export function sdkErrorOf(serverMessage: string): AuthRestError {
  const [name = '', detail] = serverMessage.split(' : ');
  const code = SDK_CODES[name] ?? name.toLowerCase().replace(/[_\s]+/g, '-');
  return new AuthRestError(`auth/${code}`, detail ?? serverMessage);
}

const endpoint = (method: string) => {
  const host = config.authEmulatorUrl
    ? `${config.authEmulatorUrl}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${host}/v1/accounts:${method}?key=${encodeURIComponent(config.firebase.apiKey)}`;
};

/** The SDK's error when the answer is not one (`_performFetchWithErrorHandling`). */
const networkError = () =>
  new AuthRestError('auth/network-request-failed', 'A network error has occurred.');

async function call<T>(method: string, body: object): Promise<T> {
  let response: Response;
  let answer: Record<string, unknown>;
  try {
    response = await fetch(endpoint(method), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    throw networkError();
  }
  if (typeof answer !== 'object' || answer === null) throw networkError();
  // As the SDK reads it: an error is `error.message`, or `errorMessage` in an answer that is ok.
  if (response.ok && !('errorMessage' in answer)) return answer as T;
  const message = response.ok
    ? answer.errorMessage
    : (answer.error as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string') throw networkError();
  throw sdkErrorOf(message);
}

interface CodeInfo {
  requestType?: string;
  email?: string;
  newEmail?: string;
}

/**
 * What an email link's code is for, without using it (`checkActionCode`): the address it acts
 * on (for an address change, the new one).
 */
export async function checkActionCode(oobCode: string): Promise<{ email: string | null }> {
  const info = await call<CodeInfo>('resetPassword', { oobCode });
  // The SDK's own checks: an address change names its new address, every other code its address.
  const email = info.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? info.newEmail : info.email;
  if (!info.requestType || (!email && info.requestType !== 'EMAIL_SIGNIN'))
    throw new AuthRestError('auth/internal-error', 'An internal AuthError has occurred.');
  return { email: email || null };
}

/** Uses an email link's code: verifies the address, restores or changes it. */
export async function applyActionCode(oobCode: string): Promise<void> {
  await call('update', { oobCode });
}

/** Sets the new password a reset link's code allows. */
export async function confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
  await call('resetPassword', { oobCode, newPassword });
}
