import path from 'node:path';
import {
  LOCAL_HOST,
  LOCAL_STACKS,
  TEST_POSTGRES_PORT,
  origin,
  SITE_HOST,
  siteOrigin,
  type LocalStackName,
} from './local-stack.ts';

/**
 * Vite's mode for each local stack: the dev server's default mode is `development`, and the unit
 * tests (Vitest's mode `test`) see the dev stack's demo configuration too.
 */
export function localStackOfMode(mode: string): LocalStackName | undefined {
  const name = mode === 'development' || mode === 'test' ? 'dev' : mode;
  return Object.hasOwn(LOCAL_STACKS, name) ? (name as LocalStackName) : undefined;
}

/**
 * The VITE_* configuration of a dev server or build that signs in against a local stack's Auth
 * emulator (a `demo-` project: no real Firebase project, key or app behind it).
 */
export function localStackEnv(name: LocalStackName) {
  const { projectId, ports } = LOCAL_STACKS[name];
  return {
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_APP_ID: 'demo-app-id',
    // The browser reaches the emulator on the site's host name too: same-site, so its sign-in
    // pages may use their storage (cross-site, Chromium denies it).
    VITE_FIREBASE_AUTH_EMULATOR_HOST: `${SITE_HOST}:${ports.auth}`,
    VITE_SITE_URL: siteOrigin(ports.site),
  };
}

/**
 * The API's settings in a local stack, passed to the Firebase CLI's environment (its Functions
 * emulator hands its own environment to the function): the stack's MailDev, site address and
 * embedded database folder, and for the API tests the loopback host and PostgreSQL port.
 */
export function localStackServerEnv(name: LocalStackName, root: string) {
  const { projectId, ports } = LOCAL_STACKS[name];
  return {
    SMTP_URL: `smtp://${LOCAL_HOST}:${ports.smtp}`,
    SITE_URL: siteOrigin(ports.site),
    PGLITE_DIR: path.join(root, '.data', projectId),
    OUTBOX_TIMER_SECONDS: '5',
    // Card payments through the stack's Stripe stand-in (scripts/local-services.mjs starts it).
    STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
    STRIPE_WEBHOOK_SECRET: `whsec_local_${name}`,
    STRIPE_API_URL: origin(ports.stripe),
    PAYMENT_LINK_SECRET: `local-stack-payment-link-secret-${name}-0000`,
    // Reminders by text through the stack's Twilio stand-in (scripts/local-services.mjs starts it).
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: `local-stack-twilio-token-${name}`,
    TWILIO_FROM: '+447400000000',
    TWILIO_API_URL: origin(ports.twilio),
    LOCAL_HOST,
    LOCAL_PROJECT_ID: projectId,
    TEST_POSTGRES_PORT: String(TEST_POSTGRES_PORT),
    // The browser tests seed a session already held (functions/src/seeding/); no other stack may.
    ...(name === 'e2e' && { BROWSER_TEST_SEEDING: 'on' }),
  };
}
