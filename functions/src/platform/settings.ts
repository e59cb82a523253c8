import path from 'node:path';
import * as v from 'valibot';
import { practiceFacts } from '../../../shared/practice';
import type { DatabaseTarget } from './database/database';

/** Jitsi Meet's public server: the meeting host when the function's settings name none. */
/** The video host the privacy notice names (shared/practice.ts). */
export const DEFAULT_MEETING_HOST = practiceFacts.videoHost.address;

export interface ServerConfig {
  database: DatabaseTarget;
  smtpUrl: string;
  practiceEmail: string;
  /** Who the emails come from. */
  mailFrom: string;
  siteUrl: string;
  /** The passkeys' relying party: PASSKEY_RP_ID (else the site's host name) and the site's origin. */
  passkeys: { rpId: string; origin: string };
  /** Local stacks only: run the outbox on a timer of this many seconds (no Cloud Scheduler). */
  outboxTimerSeconds?: number;
  /** The Jitsi Meet server each video session gets its own room on. */
  meetingHost: string;
  /**
   * The browser tests' stack only (BROWSER_TEST_SEEDING=on, on an embedded database): the API
   * takes the tests' seeding routes (functions/src/seeding/). Production refuses to start with it.
   */
  browserTestSeeding?: true;
  /** Outside production only: her calendar may be a feed on 127.0.0.1 (a test serves its own). */
  allowLocalCalendarFeeds?: true;
  /** Twilio, for reminders by text: the account, its token, the sender, (stand-in only) its address. */
  texts?: { accountSid: string; authToken: string; from: string; apiUrl?: string };
  /** Stripe: the secret key, the webhook signing secret, and (local stand-in only) its address. */
  stripe?: { secretKey: string; webhookSecret: string; linkSecret: string; apiUrl?: string };
}

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));
const url = (protocols: readonly string[], example: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL such as ${example}`),
  );

/**
 * Every variable the function reads. Production (deployed: NODE_ENV=production) needs
 * DATABASE_URL, SMTP_URL and SITE_URL; the local stacks pass theirs through the emulators'
 * environment (scripts/firebase-local.ts), with an embedded database in PGLITE_DIR.
 */
const EnvironmentSchema = v.object({
  NODE_ENV: v.optional(v.string()),
  DATABASE_URL: v.optional(url(['postgres:', 'postgresql:'], 'postgres://user:password@host/db')),
  PGLITE_DIR: optionalText,
  SMTP_URL: v.optional(url(['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465')),
  SITE_URL: v.optional(url(['https:', 'http:'], 'https://www.example.com')),
  PRACTICE_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email('must be an email address'))),
  MAIL_FROM: optionalText,
  /** The passkeys' relying party id when not the site's own host name (e.g. example.com for www.). */
  PASSKEY_RP_ID: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[a-z0-9.-]+$/, 'must be a host name such as example.com (no scheme, no port)'),
    ),
  ),
  MEETING_HOST: v.optional(url(['https:'], 'https://meet.jit.si')),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_…)'),
    ),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)'),
    ),
  ),
  PAYMENT_LINK_SECRET: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(32, 'must be at least 32 characters (random)')),
  ),
  /** The local Stripe stand-in's address; refused in production. */
  STRIPE_API_URL: v.optional(url(['http:', 'https:'], 'http://127.0.0.1:12111')),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC…)')),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  /** The texts' sender: a number in E.164 or a Messaging Service SID (MG…). */
  TWILIO_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/,
        'must be a number such as +447400123456 or MG…',
      ),
    ),
  ),
  /** The local Twilio stand-in's address; refused in production. */
  TWILIO_API_URL: v.optional(url(['http:', 'https:'], 'http://127.0.0.1:12211')),
  /** The browser tests' seeding routes; refused in production and on a PostgreSQL server. */
  BROWSER_TEST_SEEDING: v.optional(v.picklist(['on'], 'must be "on" (or unset)')),
  OUTBOX_TIMER_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'must be a whole number of seconds'),
      v.transform(Number),
    ),
  ),
});

const REQUIRED = {
  DATABASE_URL: 'the PostgreSQL connection URL',
  SMTP_URL: "the mail provider's SMTP URL",
  SITE_URL: "the site's address, for links in emails",
  STRIPE_SECRET_KEY: "the Stripe account's secret key",
  STRIPE_WEBHOOK_SECRET: 'the signing secret of the Stripe webhook endpoint',
  PAYMENT_LINK_SECRET:
    'a random secret of 32 characters or more that signs the PDF links in emails',
} as const;

/** Outside production only: the stacks' fixed secret for the emailed PDF links. */
const LOCAL_LINK_SECRET = 'local-stack-payment-link-secret-not-for-production';

type Environment = Readonly<Record<string, string | undefined>>;

/** The function's settings, or an error whose message names every missing or malformed one. */
export function serverConfig(env: Environment, functionsDir: string): ServerConfig {
  const parsed = v.safeParse(EnvironmentSchema, env);
  const faults = parsed.success
    ? []
    : parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'a variable'} ${issue.message}`);
  const settings = parsed.success ? parsed.output : undefined;
  const production = env.NODE_ENV === 'production';
  const missing = (Object.keys(REQUIRED) as (keyof typeof REQUIRED)[]).filter(
    (name) =>
      !env[name]?.trim() &&
      !(name === 'DATABASE_URL' && !production && env.PGLITE_DIR?.trim()) &&
      // Locally the payments are optional (a stack without the Stripe stand-in takes none).
      !((name.startsWith('STRIPE_') || name === 'PAYMENT_LINK_SECRET') && !production),
  );
  // The stand-in answers every card; pointed at it, a live site would take no money.
  if (production && env.STRIPE_API_URL?.trim()) {
    faults.push('STRIPE_API_URL is for the local Stripe stand-in only: remove it in production');
  }
  // The stand-in delivers nothing: pointed at it, no client would get a text.
  if (production && env.TWILIO_API_URL?.trim()) {
    faults.push('TWILIO_API_URL is for the local Twilio stand-in only: remove it in production');
  }
  // A test may seed what the wall clock cannot give it: never on the practice's own data.
  if (env.BROWSER_TEST_SEEDING && (production || env.DATABASE_URL?.trim())) {
    faults.push("BROWSER_TEST_SEEDING is for the browser tests' embedded database only: remove it");
  }
  // The privacy notice names the video host as a processor: production meets on that one only.
  const meetingHost = env.MEETING_HOST?.trim().replace(/\/+$/, '');
  if (production && meetingHost && meetingHost !== DEFAULT_MEETING_HOST) {
    faults.push(
      `MEETING_HOST must be the video host the privacy notice names (${DEFAULT_MEETING_HOST}): change videoHost in shared/practice.ts with it`,
    );
  }
  if (missing.length > 0 || faults.length > 0 || !settings) {
    const named = missing.map((name) => `${name} (${REQUIRED[name]})`);
    throw new Error(
      `The API cannot start: ${[...(named.length ? [`set ${named.join(', ')}`] : []), ...faults].join('; ')}.`,
    );
  }
  const practiceEmail = settings.PRACTICE_EMAIL ?? practiceFacts.email;
  const site = settings.SITE_URL ? new URL(settings.SITE_URL) : undefined;
  return {
    database: settings.DATABASE_URL
      ? { url: settings.DATABASE_URL }
      : { pgliteDir: path.resolve(functionsDir, settings.PGLITE_DIR ?? '') },
    smtpUrl: settings.SMTP_URL ?? '',
    practiceEmail,
    mailFrom: settings.MAIL_FROM ?? `${practiceFacts.name} <${practiceEmail}>`,
    siteUrl: (settings.SITE_URL ?? '').replace(/\/+$/, ''),
    passkeys: {
      rpId: settings.PASSKEY_RP_ID ?? site?.hostname ?? 'localhost',
      origin: site?.origin ?? 'http://localhost',
    },
    meetingHost: (settings.MEETING_HOST ?? DEFAULT_MEETING_HOST).replace(/\/+$/, ''),
    ...(settings.BROWSER_TEST_SEEDING && { browserTestSeeding: true as const }),
    ...(!production && { allowLocalCalendarFeeds: true as const }),
    ...(settings.TWILIO_ACCOUNT_SID &&
      settings.TWILIO_AUTH_TOKEN &&
      settings.TWILIO_FROM && {
        texts: {
          accountSid: settings.TWILIO_ACCOUNT_SID,
          authToken: settings.TWILIO_AUTH_TOKEN,
          from: settings.TWILIO_FROM,
          ...(settings.TWILIO_API_URL && { apiUrl: settings.TWILIO_API_URL }),
        },
      }),
    ...(settings.OUTBOX_TIMER_SECONDS && { outboxTimerSeconds: settings.OUTBOX_TIMER_SECONDS }),
    ...(settings.STRIPE_SECRET_KEY &&
      settings.STRIPE_WEBHOOK_SECRET && {
        stripe: {
          secretKey: settings.STRIPE_SECRET_KEY,
          webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
          linkSecret: settings.PAYMENT_LINK_SECRET ?? LOCAL_LINK_SECRET,
          ...(settings.STRIPE_API_URL && { apiUrl: settings.STRIPE_API_URL }),
        },
      }),
  };
}
