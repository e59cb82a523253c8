import * as v from 'valibot';

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1));

const EnvSchema = v.object({
  VITE_FIREBASE_API_KEY: nonEmpty,
  VITE_FIREBASE_AUTH_DOMAIN: nonEmpty,
  VITE_FIREBASE_PROJECT_ID: nonEmpty,
  VITE_FIREBASE_APP_ID: nonEmpty,
  VITE_FIREBASE_AUTH_EMULATOR_HOST: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.-]+:\d+$/, 'must be host:port')),
  ),
  VITE_SITE_URL: v.pipe(v.string(), v.url()),
});

function parseEnv(raw: Record<string, unknown>) {
  const result = v.safeParse(EnvSchema, raw);
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`,
    );
    throw new Error(`Invalid site configuration (see .env.example): ${problems.join('; ')}`);
  }
  const env = result.output;
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
