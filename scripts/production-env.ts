import { parseEnvVariables } from '../src/config/env-schema.ts';

/**
 * Why a production build must stop, or undefined when it may go on: the app's own schema
 * (src/config/env-schema.ts) must accept the variables, and none may point at an emulator.
 * Only builds made for a local stack (other modes) go without a real Firebase project.
 */
export function productionBuildProblem(
  env: Record<string, string | undefined>,
): string | undefined {
  const result = parseEnvVariables(env);
  if (!result.ok) {
    return (
      `Production build stopped: ${result.problems.join('; ')}. ` +
      'Set them in the environment or in .env.production.local (see .env.example), ' +
      'or build for the local Auth emulator with `node scripts/build.ts --mode preview`.'
    );
  }
  if (env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
    return 'Production build stopped: VITE_FIREBASE_AUTH_EMULATOR_HOST is set, so the site would sign in against a local emulator.';
  }
  return undefined;
}
