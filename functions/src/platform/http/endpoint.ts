import type * as v from 'valibot';
import {
  authenticate,
  callerOf,
  requirePractitioner,
  requireSecondFactor,
  requireVerifiedEmail,
} from './caller';
import { parse, parseBody, queryObject } from './input';
import { limitWrites } from './rate-limit';
import type { ApiContext, ApiRequest, ApiResponse, Caller } from './types';

/**
 * Who may call an endpoint: `anyone` (no sign-in), `client` (signed in), `verified` (signed in
 * with a verified email), `practitioner` (her claim and her passkey step within 12 hours; her
 * password alone is refused). A signed-in route that names a thing
 * (`:id`) declares a `Relation`: what the caller must be to it.
 */
export type Access = 'anyone' | 'client' | 'verified' | 'practitioner';

/** What a signed-in caller may be to the thing a client route names. */
export type Relationship = 'booker' | 'participant' | 'owner' | 'invitee';

/**
 * How a client route finds the thing its path names and what the caller is to it. Anyone
 * else is refused here (404, or 403 where the thing is theirs to see), before the handler.
 */
export interface Relation<T> {
  /** The thing, as the docs name it ("booking"). */
  thing: string;
  /** Who may act on it: docs/api.md and the route test (routes.test.ts) read this. */
  who: readonly Relationship[];
  resolve: (context: ApiContext, caller: Caller, params: Params) => Promise<T>;
}

type Params = Readonly<Record<string, string>>;
type Schema = v.GenericSchema;
type Parsed<S> = S extends Schema ? v.InferOutput<S> : undefined;

/** What a handler is given once the router has checked the caller and the input. */
export interface Call<A extends Access, B, Q, R = undefined> {
  caller: A extends 'anyone' ? undefined : Caller;
  /** What the caller is to the thing asked for, as the router decided it. */
  access: R;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Params;
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
  relation?: Relation<unknown>;
  run: (call: Call<Access, Schema, Schema, unknown>) => Promise<ApiResponse>;
}

/** Declares an endpoint; the types of `run`'s caller, body and query follow the declaration. */
export function endpoint<
  A extends Access,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  R = undefined,
>(declaration: {
  auth: A;
  fresh?: boolean;
  body?: B;
  unprocessable?: boolean;
  query?: Q;
  relation?: Relation<R>;
  run: (call: Call<A, B, Q, R>) => Promise<ApiResponse>;
}): Endpoint {
  return declaration as unknown as Endpoint;
}

const wallClock = () => new Date();

/**
 * The one access decision of a request, made before the handler: checks the caller (401, then
 * 403: the practitioner's with her passkey step), then the body and query (400), then a signed-in
 * caller's write rate (429), then what the caller is to the thing asked for (404 or 403), then
 * runs the endpoint with the caller stripped of the practitioner's claim.
 */
export async function callEndpoint(
  target: Endpoint,
  request: ApiRequest,
  context: ApiContext,
  params: Params,
): Promise<ApiResponse> {
  let caller: Caller | undefined;
  let access: unknown;
  if (target.auth !== 'anyone') {
    const token = await authenticate(request, context);
    if (target.auth === 'verified') requireVerifiedEmail(token);
    if (target.auth === 'practitioner') {
      // The one place her second factor is checked.
      requirePractitioner(token);
      requireSecondFactor(token, (context.sessionClock ?? wallClock)(), target.fresh);
      await context.practiceActivity(context, token);
    }
    caller = callerOf(token);
  }
  const body = target.body ? parseBody(target.body, request, target.unprocessable) : undefined;
  const query = target.query ? parse(target.query, queryObject(request)) : undefined;
  if (caller && request.method !== 'GET' && request.method !== 'HEAD') {
    await limitWrites(context, caller);
  }
  if (target.relation && caller) access = await target.relation.resolve(context, caller, params);
  return target.run({
    caller,
    access,
    body,
    query,
    params,
    context,
    from: request.from ?? 'unknown',
    request,
  });
}
