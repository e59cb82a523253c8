// npm run test:api [-- <vitest filters>]: the API's tests under the Auth emulator of the `api`
// stack; filters (files or folders under functions/, e.g. `src/payments`) go to Vitest.
import { spawnSync } from 'node:child_process';

const filters = process.argv.slice(2).map((filter) => JSON.stringify(filter));
const vitest = ['vitest run --config functions/vite.config.ts', ...filters].join(' ');
const run = spawnSync(
  process.execPath,
  ['scripts/firebase-local.ts', 'api', 'emulators:exec', '--only', 'auth', vitest],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
