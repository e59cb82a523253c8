/** Variables a production build cannot sign anyone in without (see .env.example). */
export const REQUIRED_FOR_PRODUCTION = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_SITE_URL',
];

/**
 * Why a production build must stop, or undefined when it may go on. Only builds made
 * explicitly for the local emulator (other modes) may go without a real Firebase project.
 */
export function productionBuildProblem(env) {
  const missing = REQUIRED_FOR_PRODUCTION.filter((key) => !env[key]?.trim());
  if (missing.length > 0) {
    return (
      `Production build stopped: missing ${missing.join(', ')}. ` +
      'Set them in the environment or in .env.production.local (see .env.example), ' +
      'or build for the local Auth emulator with `node scripts/build.mjs --mode emulator`.'
    );
  }
  if (env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
    return 'Production build stopped: VITE_FIREBASE_AUTH_EMULATOR_HOST is set, so the site would sign in against a local emulator.';
  }
  return undefined;
}
