import { config } from '../../config/env';

/**
 * An email link's calls to the identity provider through its REST API, the very calls the SDK
 * makes for `checkActionCode`, `applyActionCode` and `confirmPasswordReset`
 * (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/resetPassword and
 * .../accounts/update): /auth/action checks its link without downloading the SDK (32 kB gz)
 * first. A refusal throws the SDK's own error code (`auth/…`, mapped as the SDK maps the
 * server's), so the page says the same sentences.
 */

/** The server's error names the SDK gives another code than their own, lower-cased. */
const SDK_CODES: Record<string, string> = {
  EMAIL_EXISTS: 'email-already-in-use',
  EMAIL_NOT_FOUND: 'user-not-found',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  MISSING_OOB_CODE: 'internal-error',
  MISSING_PASSWORD: 'missing-password',
  PASSWORD_LOGIN_DISABLED: 'operation-not-allowed',
  RESET_PASSWORD_EXCEED_LIMIT: 'too-many-requests',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  USER_DISABLED: 'user-disabled',
  USER_NOT_FOUND: 'user-token-expired',
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

async function call<T>(method: string, body: object): Promise<T> {
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(endpoint(method), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    answer = await response.json();
  } catch {
    throw new AuthRestError('auth/network-request-failed', 'A network error has occurred.');
  }
  const message =
    typeof answer === 'object' && answer !== null && 'error' in answer
      ? (answer as { error?: { message?: unknown } }).error?.message
      : undefined;
  if (!response.ok || message !== undefined)
    throw sdkErrorOf(typeof message === 'string' ? message : 'INTERNAL_ERROR');
  return answer as T;
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
  if (!info.requestType) throw new AuthRestError('auth/internal-error', 'No request type.');
  const email = info.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? info.newEmail : info.email;
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
