import {
  STRIPE_BUDGET_MS,
  STRIPE_SILENT,
  STRIPE_TRY_MS,
  StripeBudgetSpent,
  stripeDidNotAnswer,
  withinBudget,
  withinStripeBudget,
} from './stripe-budget';

const never = () => new Promise<never>(() => undefined);

describe('a request’s Stripe budget', () => {
  it('one full try and its retry fit in the 15 s, with room for the request’s own work', () => {
    expect(2 * STRIPE_TRY_MS + 500).toBeLessThan(STRIPE_BUDGET_MS - STRIPE_BUDGET_MS / 15);
  });

  it('gives each call what is left, and no call once it is spent: a chain of calls ends within the budget', async () => {
    const asked: { timeout: number; maxNetworkRetries: number }[] = [];
    const started = performance.now();
    const outcome = await withinStripeBudget(600, async () => {
      const results: unknown[] = [];
      for (let call = 0; call < 4; call += 1) {
        try {
          await withinBudget((limits) => {
            asked.push(limits);
            return never();
          });
        } catch (error) {
          results.push(error);
        }
      }
      return results;
    });
    const elapsed = performance.now() - started;
    expect(outcome).toHaveLength(4);
    expect(outcome.every((each) => each instanceof StripeBudgetSpent)).toBe(true);
    // The first call took the whole budget; the others were never made.
    expect(asked).toHaveLength(1);
    expect(asked[0]?.maxNetworkRetries).toBe(0);
    expect(asked[0]?.timeout).toBeLessThanOrEqual(600);
    expect(elapsed).toBeLessThan(600);
  });

  it('a call with room for a retry is given the SDK’s full try and one retry', async () => {
    const limits = await withinStripeBudget(undefined, () => withinBudget(async (given) => given));
    expect(limits).toEqual({ timeout: STRIPE_TRY_MS, maxNetworkRetries: 1 });
  });

  it('a budget inside another keeps the earlier end', async () => {
    const limits = await withinStripeBudget(300, () =>
      withinStripeBudget(undefined, () => withinBudget(async (given) => given)),
    );
    expect(limits.timeout).toBeLessThanOrEqual(300);
  });

  it('the person is told 503, with what happened and what to do', () => {
    const problem = stripeDidNotAnswer().problem;
    expect(problem.status).toBe(503);
    expect(problem.detail).toBe(STRIPE_SILENT.charge);
    expect(problem.detail).toMatch(/nothing was charged\. Try again in a minute\.$/);
    expect(stripeDidNotAnswer('refund').problem.detail).toMatch(/asked for again/);
  });
});
