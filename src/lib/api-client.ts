import * as v from 'valibot';
import { ProblemSchema } from '../../shared/booking';

/** A failed call to our own API, carrying a sentence a person can act on. */
export class ApiError extends Error {
  /** The HTTP status, or 0 when no answer arrived (offline, timed out). */
  readonly status: number;
  /** Each thing to fix by its field, when the answer names several (a form's 422). */
  readonly fieldErrors: readonly { field: string; detail: string }[];
  /** The problem's type (`/api/problems/…`), when the answer named one. */
  readonly type: string | undefined;

  constructor(
    message: string,
    status: number,
    fieldErrors: readonly { field: string; detail: string }[] = [],
    type?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.type = type;
  }
}

export const NETWORK_FAILURE =
  'We could not reach the booking service. Please check your connection and try again.';
export const TIMED_OUT = 'The booking service took too long to answer. Please try again.';
export const UNREADABLE_ANSWER =
  'The booking service sent an answer we could not read. Please try again later.';

/** What we say when an error answer carries no sentence of its own. */
function fallbackSentence(status: number): string {
  if (status === 401) return 'Your session has ended. Please log in again.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'That booking or time was not found.';
  if (status === 409) return 'That time has just been taken.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The booking service had a problem. Please try again in a moment.';
  return 'The request could not be completed.';
}

/** RFC 9457 problem details (the API's shared schema): the detail is the sentence for a person. */
async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const problem = v.safeParse(ProblemSchema, body);
  const detail = problem.success ? problem.output.detail.trim().slice(0, 500) : '';
  return new ApiError(
    detail || fallbackSentence(response.status),
    response.status,
    (problem.success && problem.output.errors) || [],
    problem.success ? problem.output.type : undefined,
  );
}

interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Calls that need no account (availability) send no token. */
  anonymous?: boolean;
  /** Sent as the page goes away: the request outlives the page. */
  keepalive?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The signed-in user's ID token (a fresh one when asked), or null when nobody is signed in. */
  idToken: (fresh: boolean, signal?: AbortSignal) => Promise<string | null>;
  /**
   * The server refused even a fresh token (401): the session was revoked or the account disabled
   * or deleted. The server checks revocation on every call, so this is the authority, whatever
   * the identity provider's token renewal said.
   */
  sessionRefused?: () => Promise<void>;
  timeoutMs?: number;
}

export type ApiRequest = <TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options?: ApiRequestOptions,
) => Promise<v.InferOutput<TSchema>>;

/** A same-origin JSON client for `/api/...`; every failure becomes an ApiError with a sentence. */
export function createApiClient({
  fetch,
  idToken,
  sessionRefused,
  timeoutMs = 20_000,
}: ApiClientDeps): ApiRequest {
  const send = async (path: string, options: ApiRequestOptions, freshToken: boolean) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!options.anonymous) {
      const token = await idToken(freshToken, options.signal);
      if (!token) throw new ApiError('Please log in to continue.', 401);
      headers.Authorization = `Bearer ${token}`;
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        credentials: 'same-origin',
        ...(options.keepalive && { keepalive: true }),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error; // the caller gave up: not a failure to show
      throw new ApiError(timeout.aborted ? TIMED_OUT : NETWORK_FAILURE, 0);
    }
  };

  return async (path, schema, options = {}) => {
    let response = await send(path, options, false);
    // A cached token predates a change the server reads from it (email just verified, the
    // practitioner claim just granted): refused once, ask again with a fresh token.
    if (!options.anonymous && (response.status === 401 || response.status === 403)) {
      response = await send(path, options, true);
      if (response.status === 401) await sessionRefused?.();
    }

    if (!response.ok) throw await errorFrom(response);

    let body: unknown;
    try {
      // 204 No Content (a deletion) has no body: the schema for it is v.undefined().
      body = response.status === 204 ? undefined : await response.json();
    } catch {
      throw new ApiError(UNREADABLE_ANSWER, response.status);
    }
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new ApiError(UNREADABLE_ANSWER, response.status);
    return parsed.output;
  };
}

/** The sentence to show for any error a call may throw. */
export function errorSentence(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}
