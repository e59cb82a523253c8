import * as v from 'valibot';
import { GIVEN_UP_KINDS, type GivenUpItem, type GivenUpKind } from '../../../shared/given-up-api';
import { endpoint } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { ProblemError, problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import {
  failedEmails,
  giveUpAgainAfterTry,
  givenUpReactions,
  markDealtWith,
  reactionDone,
  requeueEmail,
  requeueReaction,
  unmarkDealtWith,
} from './given-up-queries';
import { describeEmail, describeReaction } from './given-up-words';

/** `:kind` in the path: a reaction or an email; anything else names nothing. */
function kindOf(value: string | undefined): GivenUpKind {
  const kind = v.safeParse(v.picklist(GIVEN_UP_KINDS), value);
  if (!kind.success)
    throw problems.notFound('There is nothing like that to try again. Reload the diary.');
  return kind.output;
}

const gone = () =>
  problems.notFound(
    'That is no longer waiting for you: it was done, tried again or marked as dealt with. Reload the diary.',
  );

/**
 * GET /api/practice/given-up: what the system gave up on and she has not dealt with, newest
 * first: a reaction that calls another service (a refund at Stripe) after its last try, and an
 * email the outbox could not deliver. Each in her words, no health data and no ids in them.
 */
export const listGivenUp = endpoint({
  auth: 'practitioner',
  async run({ context }) {
    const [reactions, emails] = await Promise.all([
      givenUpReactions(context.db),
      failedEmails(context.db),
    ]);
    const items: GivenUpItem[] = [
      ...(await Promise.all(reactions.map((each) => describeReaction(context.db, each)))),
      ...emails.map(describeEmail),
    ].sort((a, b) => b.givenUpAt.localeCompare(a.givenUpAt));
    return json(200, { items });
  },
});

/**
 * POST /api/practice/given-up/:kind/:id/try-again: the same reaction (the same event, so the same
 * idempotency key and parameters) run again now with a fresh set of tries; an email sent again.
 * A reaction refused again (a 4xx problem: Stripe refused, its session is gone) is given up again
 * at once and answered 409 with its sentence; one a service did not answer is left to the queue.
 */
export const tryGivenUpAgain = endpoint({
  auth: 'practitioner',
  async run({ params, context }) {
    const kind = kindOf(params.kind);
    const id = pathId(params.id, 'given-up item');
    const now = context.now();
    if (kind === 'email') {
      if (!(await requeueEmail(context.db, id, now))) throw gone();
      context.outbox.deliver();
      return json(200, { outcome: 'sending' });
    }
    if (!(await requeueReaction(context.db, id, now))) throw gone();
    // That one reaction, within the request's Stripe budget: not the minute job's whole queue.
    const tried = await context.reactions.runOne(id);
    // What it queued (a refund's credit note) goes now, as after any change that runs reactions.
    context.outbox.deliver();
    if (await reactionDone(context.db, id)) return json(200, { outcome: 'done' });
    // Refused (Stripe refused the refund, its session is gone): no later try can differ, so it
    // is hers again at once, and she is told why. A service that did not answer (5xx) is left
    // to the queue's retries.
    const refusal = tried?.failed;
    if (refusal instanceof ProblemError && refusal.problem.status < 500) {
      await giveUpAgainAfterTry(context.db, id, context.now());
      throw problems.triedAgainFailed(refusal.problem.detail);
    }
    return json(200, { outcome: 'will-try-again' });
  },
});

/**
 * POST /api/practice/given-up/:kind/:id/dealt-with: she has seen to it herself (hidden from the
 * list; nothing else changes). DELETE undoes it.
 */
export const markGivenUpDealtWith = endpoint({
  auth: 'practitioner',
  async run({ params, context }) {
    const kind = kindOf(params.kind);
    const id = pathId(params.id, 'given-up item');
    if (!(await markDealtWith(context.db, kind, id, context.now()))) throw gone();
    return json(200, { dealtWith: true });
  },
});

export const undoGivenUpDealtWith = endpoint({
  auth: 'practitioner',
  async run({ params, context }) {
    const kind = kindOf(params.kind);
    const id = pathId(params.id, 'given-up item');
    if (!(await unmarkDealtWith(context.db, kind, id)))
      throw problems.notFound('That was not marked as dealt with. Reload the diary.');
    return json(200, { dealtWith: false });
  },
});
