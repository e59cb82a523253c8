/**
 * One time budget per request that calls Stripe: the whole request answers within it, however
 * many Stripe calls it makes (issue 45: four calls of 5 s and a retry each were 42 s). Each call
 * is given what is left (the SDK's per-request `timeout` and `maxNetworkRetries`), and is cut off
 * at what is left even when the SDK would wait on (its `timeout` is the socket's idle time, which
 * a Stripe that answers slowly never reaches). A call with nothing left is not made: the person
 * is answered 503 with a sentence from STRIPE_SILENT.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestBudget } from '../platform/events/reactions';
import { problems } from '../platform/http/problems';
import type { ApiContext } from '../platform/http/types';

/** The whole request, Stripe's calls and our own work, answers within this. */
export const STRIPE_BUDGET_MS = 15_000;

/**
 * Each try waits at most 5 s (the SDK's default is 80 s); a try that times out or fails to
 * connect is tried once more after the SDK's 0.5 s pause, when the budget has room for it.
 * Stripe answers in well under a second normally; one retry (same idempotency key) rides out a
 * dropped connection.
 */
export const STRIPE_TRY_MS = 5_000;
const RETRY_PAUSE_MS = 500;
/** Below this a try cannot succeed: the budget counts as spent. */
const SHORTEST_TRY_MS = 100;

/**
 * What the person is told when Stripe did not answer within the budget, built here once. A
 * Checkout (or the Portal) was not opened, so nothing was charged; a refund is recorded pending
 * and the minute job asks Stripe again (refunds.ts retryPendingRefunds).
 */
export const STRIPE_SILENT = {
  charge: 'The card payment service did not answer; nothing was charged. Try again in a minute.',
  refund:
    'The card payment service did not answer; the refund is recorded and will be asked for again within a few minutes. Open the payment later to see it settled.',
} as const;

export const stripeDidNotAnswer = (about: keyof typeof STRIPE_SILENT = 'charge') =>
  problems.paymentProviderSilent(STRIPE_SILENT[about]);

const deadlines = new AsyncLocalStorage<number>();

/**
 * Runs a request's work within its Stripe budget (`budgetMs`, 15 s unless a test shortens it).
 * A fifteenth of it is kept back for the work after Stripe's last answer (a commit, the reply).
 * Inside another budget, the earlier end holds.
 */
export function withinStripeBudget<T>(budgetMs: number | undefined, run: () => Promise<T>) {
  const budget = budgetMs ?? STRIPE_BUDGET_MS;
  const ends = performance.now() + budget - budget / 15;
  const outer = deadlines.getStore();
  return deadlines.run(outer === undefined ? ends : Math.min(outer, ends), run);
}

/** The SDK's limits for the next call, and when to cut it off; undefined when nothing is left. */
function nextCallLimits() {
  const ends = deadlines.getStore();
  const full = { timeout: STRIPE_TRY_MS, maxNetworkRetries: 1 };
  // Outside a request (the durable queue, the minute job): each call on its own limits.
  if (ends === undefined) return { sdk: full, cutOffMs: 2 * STRIPE_TRY_MS + RETRY_PAUSE_MS };
  const left = Math.floor(ends - performance.now());
  if (left < SHORTEST_TRY_MS) return undefined;
  if (left >= 2 * STRIPE_TRY_MS + RETRY_PAUSE_MS) return { sdk: full, cutOffMs: left };
  return { sdk: { timeout: Math.min(STRIPE_TRY_MS, left), maxNetworkRetries: 0 }, cutOffMs: left };
}

/** True inside a request whose budget has too little left for a Stripe call to succeed. */
export function stripeBudgetSpent(): boolean {
  return nextCallLimits() === undefined;
}

/** A Stripe call given up at the budget's end (the SDK's own request may still be on its way). */
export class StripeBudgetSpent extends Error {
  constructor() {
    super('The Stripe budget of this request is spent');
    this.name = 'StripeBudgetSpent';
  }
}

/**
 * One Stripe call within what is left of the budget: `call` is given the SDK's request options.
 * Throws StripeBudgetSpent when nothing is left or the call outlasts it, and what the SDK threw
 * otherwise.
 */
export async function withinBudget<T>(
  call: (limits: { timeout: number; maxNetworkRetries: number }) => Promise<T>,
): Promise<T> {
  const limits = nextCallLimits();
  if (!limits) throw new StripeBudgetSpent();
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StripeBudgetSpent()), limits.cutOffMs);
  });
  try {
    return await Promise.race([call(limits.sdk), cutOff]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A request's work that calls Stripe, within one budget for all its calls (stripe-budget.ts):
 * 15 s unless the server's settings shorten it (a test).
 */
export function withinRequestBudget<T>(context: ApiContext, run: () => Promise<T>): Promise<T> {
  return withinStripeBudget(context.payments?.stripeBudgetMs, run);
}

/**
 * The budget a request's run of the durable queue keeps to (platform/events/reactions.ts
 * runInRequest): its Stripe calls and the reactions it starts, within the same 15 s.
 */
export const requestBudget = (context: () => ApiContext): RequestBudget => ({
  within: (work) => withinRequestBudget(context(), work),
  spent: stripeBudgetSpent,
});
