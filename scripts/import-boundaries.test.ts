// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Probes of the import boundaries in eslint.config.js: a file that crosses one is refused, the
 * same file without the crossing passes. The function imports shared/ and its own folders only;
 * the browser never imports the function; shared/ imports neither side. Inside the function, a
 * capability reaches another through its index.ts only, the platform imports no capability, and
 * product code never imports the stand-ins in testing/.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'no-restricted-imports' || message.ruleId === 'boundaries/dependencies',
    )
    .map((message) => message.message);
}

const probes = [
  [
    'functions/src/bookings/probe.ts',
    "import { LOCAL_STACKS } from '../../../scripts/local-stack';",
  ],
  ['functions/src/probe.ts', "import { practice } from '../../src/content/practice';"],
  [
    'functions/src/messages/probe.ts',
    "import { formatDay } from '../../../src/lib/practice-time';",
  ],
  ['src/features/probe/probe.ts', "import { routes } from '../../../functions/src/routes';"],
  ['src/lib/probe.ts', "import { serverConfig } from '../../functions/src/platform/settings';"],
  ['functions/src/payments/probe.ts', "import { insertBooking } from '../bookings/queries';"],
  ['functions/src/platform/http/probe.ts', "import { bookingRoutes } from '../../bookings';"],
  ['functions/src/platform/probe.ts', "import { queueMessages } from '../messages/outbox';"],
  [
    'functions/src/payments/probe.ts',
    "import { startStripeStandIn } from '../testing/stripe-stand-in';",
  ],
  ['shared/probe.ts', "import { practice } from '../src/content/practice';"],
  ['shared/probe.ts', "import { LOCAL_HOST } from '../scripts/local-stack';"],
] as const;

describe('import boundaries', () => {
  it.each(probes)('%s may not import %s', async (file, line) => {
    const errors = await importErrors(
      file,
      `${line}\nexport const probe = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`,
    );
    expect(errors).toHaveLength(1);
  });

  it.each([
    [
      'functions/src/bookings/probe.ts',
      "import { BOOKING_RULES } from '../../../shared/booking-rules';",
    ],
    ['functions/src/platform/probe.ts', "import serviceList from '../../../public/service.json';"],
    ['functions/src/payments/probe.ts', "import { insertBooking } from '../bookings';"],
    [
      'functions/src/payments/probe.ts',
      "import { openDatabase } from '../platform/database/database';",
    ],
    ['functions/src/payments/probe.ts', "import { refundNow } from './endpoints';"],
    [
      'functions/src/payments/probe.test.ts',
      "import { startStripeStandIn } from '../testing/stripe-stand-in';",
    ],
    ['src/lib/probe.ts', "import { BOOKING_RULES } from '../../shared/booking-rules';"],
    ['shared/probe.ts', "import { BOOKING_RULES } from './booking-rules';"],
  ])('%s may import %s', async (file, line) => {
    const name = line.match(/import \{? ?(\w+)/)?.[1];
    expect(await importErrors(file, `${line}\nexport const probe = [${name}];\n`)).toEqual([]);
  });
});
