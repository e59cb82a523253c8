import type * as v from 'valibot';
import {
  authenticate,
  requirePractitioner,
  requireSecondFactor,
  requireVerifiedEmail,
} from './caller';
import { parse, parseBody, queryObject } from './input';
import { limitWrites } from './rate-limit';
import type { ApiContext, ApiRequest, ApiResponse, Caller } from './types';

/**
 * Who may call an endpoint: `anyone` (no sign-in), `client` (signed in), `verified` (signed in
 * with a verified email), `practitioner` (signed in with the practitioner's claim).
 */
export type Access = 'anyone' | 'client' | 'verified' | 'practitioner';

type Schema = v.GenericSchema;
type Parsed<S> = S extends Schema ? v.InferOutput<S> : undefined;

/** What a handler is given once the router has checked the caller and the input. */
export interface Call<A extends Access, B, Q> {
  caller: A extends 'anyone' ? undefined : Caller;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Readonly<Record<string, string>>;
  context: ApiContext;
  /** The caller's address and browser (ApiRequest.from). */
  from: string;
  /** The request as it came (a webhook checks its signature over the raw body). */
  request: ApiRequest;
}

/** One endpoint: who may call it, the body and query it takes, and what it does. */
export interface Endpoint {
  auth: Access;
  /** The gravest acts (a refund, a client's record exported): her passkey within 5 minutes. */
  fresh?: boolean;
  body?: Schema;
  /** A JSON body the schema refuses is 422 rather than 400. */
  unprocessable?: boolean;
  query?: Schema;
  run: (call: Call<Access, Schema, Schema>) => Promise<ApiResponse>;
}

/** Declares an endpoint; the types of `run`'s caller, body and query follow the declaration. */
export function endpoint<
  A extends Access,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(declaration: {
  auth: A;
  fresh?: boolean;
  body?: B;
  unprocessable?: boolean;
  query?: Q;
  run: (call: Call<A, B, Q>) => Promise<ApiResponse>;
}): Endpoint {
  return declaration as unknown as Endpoint;
}

const wallClock = () => new Date();

/**
 * Checks the caller (401, then 403: the practitioner's with her passkey step), then the body and query (400), then a signed-in caller's
 * write rate (429), then runs the endpoint.
 */
export async function callEndpoint(
  target: Endpoint,
  request: ApiRequest,
  context: ApiContext,
  params: Readonly<Record<string, string>>,
): Promise<ApiResponse> {
  let caller: Caller | undefined;
  if (target.auth !== 'anyone') {
    caller = await authenticate(request, context);
    if (target.auth === 'verified') requireVerifiedEmail(caller);
    if (target.auth === 'practitioner') {
      requirePractitioner(caller);
      requireSecondFactor(caller, (context.sessionClock ?? wallClock)(), target.fresh);
      await context.practiceActivity(context, caller);
    }
  }
  const body = target.body ? parseBody(target.body, request, target.unprocessable) : undefined;
  const query = target.query ? parse(target.query, queryObject(request)) : undefined;
  if (caller && request.method !== 'GET' && request.method !== 'HEAD') {
    await limitWrites(context, caller);
  }
  return target.run({
    caller,
    body,
    query,
    params,
    context,
    from: request.from ?? 'unknown',
    request,
  });
}
