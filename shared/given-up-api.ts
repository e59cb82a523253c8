import * as v from 'valibot';

/** What was given up: a reaction that calls another service (a Stripe refund), or an email. */
export const GIVEN_UP_KINDS = ['reaction', 'email'] as const;
export type GivenUpKind = (typeof GIVEN_UP_KINDS)[number];

/**
 * GET /api/practice/given-up: one thing the system gave up on, in the practitioner's words
 * (no health data, no internal ids in the sentences).
 */
export const GivenUpItemSchema = v.object({
  kind: v.picklist(GIVEN_UP_KINDS),
  id: v.string(),
  /** ISO instant it was given up. */
  givenUpAt: v.string(),
  /** What it was for: "Refund of £60.00 for the session on Tue 3 Dec at 10:00 for Sam Client". */
  what: v.string(),
  /** Why it stopped: "the card payment service refused this refund (…)". */
  why: v.string(),
  tries: v.number(),
});
export type GivenUpItem = v.InferOutput<typeof GivenUpItemSchema>;
export const GivenUpListSchema = v.object({ items: v.array(GivenUpItemSchema) });

/**
 * POST …/try-again: what happened when it was tried again now: done, failed again and left to
 * the queue's retries, or (an email) queued to be sent.
 */
export const TRY_AGAIN_OUTCOMES = ['done', 'will-try-again', 'sending'] as const;
export const TryAgainSchema = v.object({ outcome: v.picklist(TRY_AGAIN_OUTCOMES) });
