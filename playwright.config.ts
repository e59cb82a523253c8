import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/ports';

// The fonts every screenshot and axe check is drawn with: Debian's fonts-dejavu-core and nothing
// else the machine has (fonts-liberation, which `apt-get install chromium` brings, would turn
// sans-serif and monospace into Liberation Sans and Mono). See e2e/support/fonts/fonts.conf.
const FONTCONFIG_FILE = fileURLToPath(new URL('./e2e/support/fonts/fonts.conf', import.meta.url));
if (!existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')) {
  throw new Error(
    'The browser tests draw with DejaVu Sans: apt-get install fonts-dejavu-core (see README).',
  );
}

// The browser suite runs the production build (built with `--mode e2e`) as Firebase Hosting
// serves it, signing in against the Auth emulator: `npm run test:e2e` builds first.
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    env: { ...process.env, FONTCONFIG_FILE },
    // This machine has no internet; stop Chromium's own background calls.
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  },
};

// Playwright applies `--repeat-each` to top-level projects only; `chromium` is a dependency of
// `hours`, so it would run once. It takes the count itself, through the environment so that the
// workers (started with other arguments) build the same list of tests.
const repeatFlag = process.argv.findIndex((arg) => arg.startsWith('--repeat-each'));
if (repeatFlag >= 0) {
  const flag = process.argv[repeatFlag] ?? '';
  process.env.E2E_REPEAT_EACH = flag.includes('=')
    ? flag.slice(flag.indexOf('=') + 1)
    : process.argv[repeatFlag + 1];
}
const repeatEach = Number(process.env.E2E_REPEAT_EACH ?? 1);

export default defineConfig({
  testDir: './e2e',
  // The dev-server smoke test has its own stack and config: playwright.smoke.config.ts.
  testIgnore: 'smoke/**',
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E.siteOrigin,
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testIgnore: ['smoke/**', /hours\.spec\.ts/], repeatEach, use: chromium },
    // Her hours are the whole practice's: set only once every other spec has finished with them,
    // and one test at a time (with --repeat-each, copies of the serial file would run side by side).
    {
      name: 'hours',
      testMatch: /hours\.spec\.ts/,
      dependencies: ['chromium'],
      workers: 1,
      use: chromium,
    },
  ],
  webServer: {
    name: 'firebase emulators (auth + functions + hosting) and MailDev',
    command:
      'node scripts/local-services.mjs e2e --fresh-data -- node scripts/firebase-local.ts e2e emulators:start --only auth,functions,hosting',
    // Ready when the API answers through Hosting's rewrite: the Functions emulator loads the
    // function a few seconds after Hosting starts, and a test that books first would meet 404s.
    url: `${E2E.siteOrigin}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    stdout: 'ignore',
  },
});
