import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { SMOKE } from './e2e/support/ports';

// The browser smoke test of `npm start`: the Vite dev server beside the Auth emulator, on the
// smoke stack's ports (scripts/local-stack.ts) so that it can run while `npm start` is open.
// The command mirrors the `start` script of package.json: keep them alike.
export default defineConfig(base, {
  testDir: './e2e/smoke',
  testIgnore: [],
  use: { baseURL: SMOKE.siteOrigin },
  webServer: {
    name: 'npm start stack (Vite dev server, Auth and Functions emulators, MailDev)',
    command:
      'node scripts/local-services.mjs smoke -- node scripts/firebase-local.ts smoke emulators:exec --only auth,functions "vite --mode smoke"',
    url: `${SMOKE.siteOrigin}/`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    stdout: 'ignore',
  },
});
