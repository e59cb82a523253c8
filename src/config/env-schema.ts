import * as v from 'valibot';

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1));

/** The site's configuration (see .env.example); the app and the production build check both read it. */
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

type Env = v.InferOutput<typeof EnvSchema>;

/** The variables a configuration must have, in the schema's order. */
export const REQUIRED_ENV_KEYS = Object.entries(EnvSchema.entries)
  .filter(([, schema]) => schema.type !== 'optional')
  .map(([key]) => key);

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** Parses the variables; on failure, one line per variable that is missing or invalid. */
export function parseEnvVariables(raw: Record<string, unknown>): EnvResult {
  const result = v.safeParse(EnvSchema, raw);
  if (result.success) return { ok: true, env: result.output };
  const problems = result.issues.map((issue) => {
    const key = v.getDotPath(issue) ?? 'env';
    const value = raw[key];
    const missing = value === undefined || (typeof value === 'string' && !value.trim());
    return `${key}: ${missing ? 'missing' : issue.message}`;
  });
  return { ok: false, problems: [...new Set(problems)] };
}
