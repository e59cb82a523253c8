/** Must match .env.test and `node scripts/hosting-config.mjs test`. */
export const E2E = {
  projectId: 'demo-counselling-e2e',
  siteOrigin: 'http://127.0.0.1:4174',
  authEmulator: 'http://127.0.0.1:9199',
} as const;
