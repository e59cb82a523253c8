// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
  ['functions/src/platform/probe.ts', "import { queueMessages } from '../outbox/outbox';"],
  [
    'functions/src/payments/probe.ts',
    "import { startStripeStandIn } from '../testing/stripe-stand-in';",
  ],
  ['shared/probe.ts', "import { practice } from '../src/content/practice';"],
  ['shared/probe.ts', "import { LOCAL_HOST } from '../scripts/local-stack';"],
  // Against the capabilities' order: a lower one never imports a higher one.
  ['functions/src/waitlist/probe.ts', "import { paymentRoutes } from '../payments';"],
  ['functions/src/participants/probe.ts', "import { waitlistRoutes } from '../waitlist';"],
  // The outbox is below every capability that writes into it: it never imports who reads it.
  ['functions/src/outbox/probe.ts', "import { runOutbox } from '../messages';"],
  ['functions/src/outbox/probe.ts', "import { withParticipants } from '../participants';"],
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
    ['functions/src/payments/probe.ts', "import { offerFreedTimes } from '../waitlist';"],
    ['functions/src/payments/probe.ts', "import { queueMessages } from '../outbox';"],
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

/**
 * The capabilities' direction (scripts/capability-order.json): the import graph between the
 * folders of functions/src, read from each product file's relative imports, goes down the order
 * except for the imports still listed in its `todo`; no new one, and none listed that has gone.
 */
describe('the capabilities have one direction', () => {
  const order = JSON.parse(
    readFileSync(path.join(root, 'scripts/capability-order.json'), 'utf8'),
  ) as { order: string[]; todo: [string, string][] };
  const serverRoot = path.join(root, 'functions/src');
  const notCapabilities = new Set(['platform', 'testing', 'bench', 'seeding']);
  const capabilities = readdirSync(serverRoot).filter(
    (name) => statSync(path.join(serverRoot, name)).isDirectory() && !notCapabilities.has(name),
  );
  const edges = new Set<string>();
  const walk = (dir: string, capability: string, depth: number) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        walk(file, capability, depth + 1);
        continue;
      }
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      for (const [, ups, target] of readFileSync(file, 'utf8').matchAll(
        /from\s+'((?:\.\.\/)+)([\w-]+)/g,
      )) {
        // `../x` from the capability's own level (deeper files climb further).
        if ((ups ?? '').length / 3 !== depth || !target) continue;
        if (target !== capability && capabilities.includes(target))
          edges.add(`${capability} -> ${target}`);
      }
    }
  };
  for (const capability of capabilities) walk(path.join(serverRoot, capability), capability, 1);
  const todo = new Set(order.todo.map(([from, to]) => `${from} -> ${to}`));
  const rank = (name: string) => order.order.indexOf(name);

  it('names every capability once', () => {
    expect([...order.order].sort()).toEqual([...capabilities].sort());
  });

  it('refuses a new import against the order', () => {
    const against = [...edges].filter((edge) => {
      const [from = '', to = ''] = edge.split(' -> ');
      return rank(to) > rank(from) && !todo.has(edge);
    });
    expect(against, 'import it the other way: publish an event the higher one reacts to').toEqual(
      [],
    );
  });

  it('lists no import in its todo that has gone (take it off the list)', () => {
    expect([...todo].filter((edge) => !edges.has(edge))).toEqual([]);
  });

  it('has no circle once the todo is set aside', () => {
    const graph = new Map(capabilities.map((name) => [name, [] as string[]]));
    for (const edge of edges) {
      if (todo.has(edge)) continue;
      const [from = '', to = ''] = edge.split(' -> ');
      graph.get(from)?.push(to);
    }
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (name: string, trail: string[]) => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'open') {
        circles.push([...trail.slice(trail.indexOf(name)), name].join(' -> '));
        return;
      }
      state.set(name, 'open');
      for (const next of graph.get(name) ?? []) visit(next, [...trail, name]);
      state.set(name, 'done');
    };
    for (const name of capabilities) visit(name, []);
    expect(circles).toEqual([]);
  });
});
