import path from 'node:path';
import { practice } from '../../src/content/practice';
import { LOCAL_HOST, LOCAL_STACKS, origin } from '../../scripts/local-stack';
import type { DatabaseTarget } from './data/database';

export interface ServerConfig {
  database: DatabaseTarget;
  smtpUrl: string;
  practiceEmail: string;
  /** Who the emails come from. */
  mailFrom: string;
  siteUrl: string;
}

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The function's settings from its environment. Production sets DATABASE_URL and SMTP_URL (and may
 * set PRACTICE_EMAIL, SITE_URL, MAIL_FROM). In the emulators each local stack is recognised by its
 * project id, so its PGlite folder and MailDev port come from scripts/local-stack.ts.
 */
export function serverConfig(env: Environment, functionsDir: string): ServerConfig {
  const projectId = env.GCLOUD_PROJECT ?? '';
  const emulated = env.FUNCTIONS_EMULATOR === 'true';
  const stack = emulated
    ? Object.values(LOCAL_STACKS).find((each) => each.projectId === projectId)
    : undefined;
  const practiceEmail = env.PRACTICE_EMAIL || practice.email;

  let database: DatabaseTarget;
  if (env.DATABASE_URL) database = { url: env.DATABASE_URL };
  else if (env.PGLITE_DIR) database = { pgliteDir: path.resolve(functionsDir, env.PGLITE_DIR) };
  else if (emulated)
    database = { pgliteDir: path.resolve(functionsDir, '..', '.data', projectId || 'local') };
  else
    throw new Error(
      'DATABASE_URL is not set: the function needs a PostgreSQL database in production.',
    );

  const smtpUrl =
    env.SMTP_URL ||
    (stack
      ? `smtp://${LOCAL_HOST}:${stack.ports.smtp}`
      : `smtp://${LOCAL_HOST}:${LOCAL_STACKS.dev.ports.smtp}`);
  const siteUrl =
    env.SITE_URL ||
    (stack ? origin(stack.ports.site) : projectId ? `https://${projectId}.web.app` : '');
  return {
    database,
    smtpUrl,
    practiceEmail,
    mailFrom: env.MAIL_FROM || `${practice.name} <${practiceEmail}>`,
    siteUrl,
  };
}
