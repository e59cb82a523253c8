import fc from 'fast-check';
import { createAccount } from '../testing/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { usePaymentsStack } from '../testing/payments-stack';
import { retryCommands } from './money-simulation-commands';
import { countRun, SIM_START, type SimWorld, tally } from './money-simulation-model';
import { startRun } from './money-simulation-start';

// Every session is credited or refunded exactly once, whatever is retried when (issue 45): a
// paid series' sessions cancelled by either side, our commits failing after Stripe answered (a
// credit's item, the queue's record of a reaction done), the queue's retries before and after
// Stripe forgets a key (24 hours), Stripe's renewals taking the items waiting (paid or failed)
// and collecting failed months in between. After every step the money simulation's checks
// (money-simulation-checks.ts): each credit and each refund once at Stripe, every session given
// back exactly its share, nothing refunded beyond what was paid. A fixed seed here; a longer run
// in docs/testing.md (MONEY_RETRIES_SEED, MONEY_RETRIES_RUNS, MONEY_RETRIES_STEPS).
const SEED = Number(process.env.MONEY_RETRIES_SEED ?? 24);
const RUNS = Number(process.env.MONEY_RETRIES_RUNS ?? 8);
const STEPS = Number(process.env.MONEY_RETRIES_STEPS ?? 30);
const PATH = process.env.MONEY_RETRIES_PATH;

const { practitioner, other } = await createAccounts({
  practitioner: { practitioner: true },
  other: { name: 'Bea Other' },
});

describe.each(DATABASE_KINDS)('each session credited or refunded once, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: SIM_START, practitioner: () => practitioner });

  it(
    `over retries before and after a day: ${RUNS} runs of up to ${STEPS} steps (seed ${SEED})`,
    async () => {
      const world: SimWorld = { stack, practitioner, other, client: await createAccount() };
      await fc.assert(
        fc.asyncProperty(fc.commands(retryCommands, { maxCommands: STEPS, size: 'max' }), (steps) =>
          fc.asyncModelRun(() => startRun(world, 'paid'), steps),
        ),
        {
          seed: SEED,
          numRuns: RUNS,
          endOnFailure: process.env.MONEY_SIM_SHRINK === 'off',
          ...(PATH && { path: PATH }),
        },
      );
      countRun(world);
      console.info(`The retries' simulation on ${kind}:`, JSON.stringify(tally));
      // It reached the money: refunds made, invoices sent, sessions owed checked.
      if (!PATH)
        for (const key of ['refunds', 'invoices', 'owedChecks'] as const)
          expect(tally[key]).toBeGreaterThan(0);
      for (const key of Object.keys(tally) as (keyof typeof tally)[]) tally[key] = 0;
    },
    RUNS * STEPS * 3_000,
  );
});
