// @vitest-environment node
/**
 * The practice's time reads the same on the server and in the browser. The server (Node, as
 * here) runs shared/time.ts on the Temporal polyfill; a browser runs the site's build of it
 * (src/lib/temporal.ts through vite.config.ts's alias) on its own Temporal where it has one, and
 * on the polyfill, downloaded then, where it has not. Chromium has its own: it answers the same
 * questions with it, and again with it taken away, and every answer must be the server's.
 */
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import fc from 'fast-check';
import { build, type Rolldown } from 'vite';
import * as time from '../../shared/time.ts';

type Time = typeof time;

interface Cases {
  instants: number[];
  zones: string[];
  wallClocks: { date: string; time: string }[];
  dates: string[];
  steps: number[];
  years: number[];
}

/**
 * Every function of shared/time.ts over the cases, as plain data. Self-contained (it reads
 * nothing but its arguments): Chromium runs its source too.
 */
function answers(t: Time, cases: Cases) {
  const ms = (date: Date) => date.getTime();
  return {
    practiceDate: cases.instants.map((instant) =>
      cases.zones.map((z) => t.practiceDate(instant, z)),
    ),
    practiceWallClock: cases.instants.map((instant) => t.practiceWallClock(instant)),
    practiceInstant: cases.wallClocks.map(({ date, time }) => ms(t.practiceInstant(date, time))),
    startOfPracticeDay: cases.dates.map((date) => ms(t.startOfPracticeDay(date))),
    addDays: cases.dates.map((date, i) => t.addDays(date, cases.steps[i % cases.steps.length]!)),
    daysBetween: cases.dates.map((date, i) =>
      t.daysBetween(date, cases.dates[(i + 1) % cases.dates.length]!),
    ),
    dayOfWeek: cases.dates.map((date) => t.dayOfWeek(date)),
    mondayOf: cases.dates.map((date) => t.mondayOf(date)),
    clockChanges: cases.years.map((year) => {
      const { spring, autumn } = t.clockChanges(year);
      return [ms(spring), ms(autumn)];
    }),
  };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** Generated instants, dates and times, with every clock change of the years and its edges. */
function makeCases(): Cases {
  const years = Array.from({ length: 61 }, (_, i) => 1990 + i);
  const changes = years.flatMap((year) => {
    const { spring, autumn } = time.clockChanges(year);
    return [spring, autumn].flatMap((change) =>
      [-60, -1, 0, 1, 30, 60].map((minutes) => change.getTime() + minutes * time.MINUTE_MS),
    );
  });
  const span = { min: new Date('1990-01-01T00:00:00Z'), max: new Date('2050-12-31T23:59:59Z') };
  const seed = 48;
  const instants = [
    ...changes,
    ...fc.sample(fc.date({ ...span, noInvalidDate: true }), { numRuns: 300, seed }),
  ].map((instant) => new Date(instant).getTime());
  const dates = fc
    .sample(fc.date({ ...span, noInvalidDate: true }), { numRuns: 300, seed: seed + 1 })
    .map(iso);
  const clockChangeDays = changes.map((instant) => iso(new Date(instant)));
  // The hours around a change (a spring time that does not exist, an autumn one that comes twice).
  const wallClocks = [
    ...clockChangeDays.flatMap((date) =>
      ['00:30', '00:59', '01:00', '01:30', '01:59', '02:00', '02:30', '03:00'].map((t) => ({
        date,
        time: t,
      })),
    ),
    ...fc.sample(
      fc.record({
        date: fc.date({ ...span, noInvalidDate: true }).map(iso),
        time: fc
          .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
          .map(([h, m]) => `${pad(h)}:${pad(m)}`),
      }),
      { numRuns: 300, seed: seed + 2 },
    ),
  ];
  return {
    instants,
    zones: [time.PRACTICE_TIME_ZONE, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'],
    wallClocks,
    dates: [...dates, ...clockChangeDays, '2028-02-29', '2026-12-31', '2027-01-01'],
    steps: [-400, -7, -1, 0, 1, 6, 7, 28, 365, 1000],
    years,
  };
}

/** The module Chromium imports: shared/time.ts and the Temporal it runs on. */
const ENTRY = 'virtual:time-and-its-engine';

/** shared/time.ts as the site's build bundles it for the browser, as one ES module's text. */
async function browserBuildOfTime(): Promise<string> {
  const root = path.resolve(import.meta.dirname, '../..');
  const result = (await build({
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'test',
    logLevel: 'silent',
    plugins: [
      {
        name: 'time-and-its-engine',
        resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
        // `temporal-polyfill` is the site's alias: the engine shared/time.ts runs on in a browser.
        load: (id) =>
          id === `\0${ENTRY}`
            ? `export * from ${JSON.stringify(path.join(root, 'shared/time.ts'))};
               export { Temporal, temporalReady } from 'temporal-polyfill';`
            : undefined,
      },
    ],
    // One file, the polyfill inlined, as a browser without Temporal downloads it.
    build: {
      write: false,
      manifest: false,
      rolldownOptions: {
        input: ENTRY,
        preserveEntrySignatures: 'strict',
        output: { format: 'es', codeSplitting: false },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = [result].flat()[0]?.output.find((file) => file.type === 'chunk');
  if (!chunk) throw new Error('The build of shared/time.ts wrote no module.');
  return chunk.code;
}

/**
 * Run in the page: takes Temporal away first when asked, imports the browser's build of
 * shared/time.ts, waits for it as src/main.tsx does, and answers every case.
 */
const IN_PAGE = `async ({ code, source, cases, withoutTemporal }) => {
  const scope = globalThis;
  const chromiumHasTemporal = typeof scope.Temporal === 'object';
  if (withoutTemporal) delete scope.Temporal;
  const t = await import('data:text/javascript,' + encodeURIComponent(code));
  await t.temporalReady();
  const compute = (0, eval)('(' + source + ')');
  return {
    chromiumHasTemporal,
    // The module's Temporal reads through to the engine it picked (src/lib/temporal.ts).
    engine: scope.Temporal !== undefined && t.Temporal.Instant === scope.Temporal.Instant ? 'native' : 'polyfill',
    answers: compute(t, cases),
  };
}`;

/** What Chromium answers with its own Temporal, or with it taken away before the module runs. */
async function inChromium(browser: Browser, code: string, engine: 'native' | 'polyfill') {
  const page = await browser.newPage();
  try {
    // The page's code is a string: Vitest rewrites a dynamic import() in this file for Node,
    // which would not exist in the page.
    const args = {
      code,
      source: answers.toString(),
      cases: makeCases(),
      withoutTemporal: engine === 'polyfill',
    };
    return (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(args)})`)) as {
      chromiumHasTemporal: boolean;
      engine: 'native' | 'polyfill';
      answers: ReturnType<typeof answers>;
    };
  } finally {
    await page.close();
  }
}

describe("the practice's time on the server and in the browser", () => {
  let browser: Browser;
  let code: string;
  beforeAll(async () => {
    [browser, code] = await Promise.all([
      chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }),
      browserBuildOfTime(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the server runs on the polyfill (Node has no Temporal of its own)', () => {
    expect((globalThis as { Temporal?: unknown }).Temporal).toBeUndefined();
  });

  it("Chromium's own Temporal gives the server's answers, and the polyfill is not run", async () => {
    const browserSide = await inChromium(browser, code, 'native');
    expect(browserSide.chromiumHasTemporal).toBe(true);
    expect(browserSide.engine).toBe('native');
    expect(browserSide.answers).toEqual(answers(time, makeCases()));
  });

  it("a browser without Temporal runs the polyfill and gives the server's answers", async () => {
    const browserSide = await inChromium(browser, code, 'polyfill');
    expect(browserSide.engine).toBe('polyfill');
    expect(browserSide.answers).toEqual(answers(time, makeCases()));
  });
});
