/**
 * How each run of a money simulation starts (money-simulation.test.ts,
 * money-retries.property.test.ts): an empty world and a new client's series, requested,
 * confirmed, or confirmed and its first month paid; the money checked before the first step.
 */
import { createAccount } from '../testing/accounts';
import { checkMoney } from './money-simulation-checks';
import {
  cadenceOf,
  resetWorld,
  settle,
  SERIES_START,
  type SimModel,
  type SimWorld,
} from './money-simulation-model';

export const STARTS = ['requested', 'confirmed', 'paid'] as const;

export async function startRun(world: SimWorld, start: (typeof STARTS)[number]) {
  const { stack, practitioner } = world;
  await resetWorld(world);
  // Deleting the account deletes its sign-in: a client of its own for each run.
  world.client = await createAccount({ name: 'Ada Client' });
  const made = await stack.request('POST', '/series', world.client, {
    serviceId: 1,
    start: SERIES_START,
  });
  expect(made.status).toBe(201);
  const seriesId = made.json.id as string;
  if (start !== 'requested') {
    const confirmed = await stack.request('POST', `/series/${seriesId}/confirm`, practitioner);
    expect(confirmed.status).toBe(200);
  }
  if (start === 'paid') {
    await stack.stripe().pay(await stack.checkout(world.client, { seriesId }));
    await settle(world);
  }
  const model: SimModel = {
    seriesId,
    cadence: await cadenceOf(world, seriesId),
    givenUp: [],
    accountDeleted: false,
    steps: 0,
    credits: new Map(),
  };
  await checkMoney(world, model, `the series ${start}`);
  return { model, real: world };
}
