import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { SMOKE } from './e2e/support/ports';

// The browser smoke test of `npm start`: the Vite dev server beside the Auth emulator, on the
// smoke stack's ports (scripts/local-stack.ts) so that it can run while `npm start` is open.
// The command mirrors the `start` script of package.json: keep them alike.
// Spread, not `defineConfig(base, …)`: that merge would keep the base's web server (the e2e stack)
// beside this one.
export default defineConfig<{ allowedOrigins: readonly string[] }>({
  ...base,
  testDir: './e2e/smoke',
  testIgnore: [],
  // One project of its own: the base's projects leave the smoke folder out (and hold her hours).
  projects: [{ name: 'smoke', use: base.projects?.[0]?.use }],
  use: {
    ...base.use,
    baseURL: SMOKE.siteOrigin,
    // The smoke stack's own origins; a request anywhere else fails the test, as in the e2e suite.
    allowedOrigins: [SMOKE.siteOrigin, SMOKE.authEmulator],
  },
  webServer: {
    name: 'npm start stack (Vite dev server, Auth and Functions emulators, MailDev)',
    command:
      'node scripts/local-services.mjs smoke -- node scripts/firebase-local.ts smoke emulators:exec --only auth,functions "vite --mode smoke"',
    // Ready when the API answers through the dev server's proxy, not only the page.
    url: `${SMOKE.siteOrigin}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    stdout: 'ignore',
  },
});
