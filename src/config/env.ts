import { parseEnvVariables } from './env-schema';

function parseEnv(raw: Record<string, unknown>) {
  const result = parseEnvVariables(raw);
  if (!result.ok) {
    throw new Error(`Invalid site configuration (see .env.example): ${result.problems.join('; ')}`);
  }
  const { env } = result;
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    },
    authEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_HOST
      ? `http://${env.VITE_FIREBASE_AUTH_EMULATOR_HOST}`
      : undefined,
    siteUrl: env.VITE_SITE_URL.replace(/\/+$/, ''),
  };
}

export type SiteConfig = ReturnType<typeof parseEnv>;

export const config: SiteConfig = parseEnv(import.meta.env);
