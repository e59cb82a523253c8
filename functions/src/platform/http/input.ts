import * as v from 'valibot';
import { problems } from './problems';
import type { ApiRequest } from './types';

/** Validates input against a shared schema, or answers 400 naming the first thing to fix. */
export function parse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  refuse: (detail: string) => Error = problems.invalidInput,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw refuse(sentenceFor(result.issues[0]));
}

/** Our schemas' own messages are sentences; valibot's type messages are turned into one. */
function sentenceFor(issue: v.BaseIssue<unknown> | undefined): string {
  const field = issue ? v.getDotPath(issue) : null;
  if (!issue || !field) return 'Send a JSON object with the fields this address expects.';
  if (issue.kind === 'schema') {
    if (issue.received === 'undefined') return `Add "${field}": it is required.`;
    // A schema's own sentence (a picklist's, say) says more than valibot's type message.
    if (!issue.message.endsWith('.')) return `"${field}" has the wrong type: check its value.`;
  }
  return `Check "${field}": ${issue.message.endsWith('.') ? issue.message : `${issue.message}.`}`;
}

/** A body that is not JSON is 400; one that is JSON but not what the schema takes is 400, or
 * 422 for an endpoint that declares `unprocessable` (the waiting list's contract). */
export function parseBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  request: ApiRequest,
  unprocessable = false,
) {
  const bodyRequired = request.body === undefined && !v.safeParse(schema, undefined).success;
  if (request.bodyUnreadable || bodyRequired) {
    throw problems.invalidInput('Send the request body as JSON (Content-Type: application/json).');
  }
  return parse(schema, request.body, unprocessable ? problems.unprocessable : undefined);
}

/** The query string as a plain object of its last values. */
export const queryObject = (request: ApiRequest) => Object.fromEntries(request.query);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the path; anything that cannot be an id is simply not found. */
export function pathId(id: string | undefined, what = 'booking'): string {
  if (!id || !UUID.test(id))
    throw problems.notFound(`There is no ${what} with that id. Reload the list and try again.`);
  return id.toLowerCase();
}
