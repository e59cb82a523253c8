import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { practiceFacts as practice } from '../../../shared/practice';
import type { Database } from '../platform/database/database';
import { loadServices } from '../platform/services';
import { readBody, toApiRequest, writeApiResponse } from '../platform/http/adapters';
import {
  firebaseIdentityDeletion,
  firebaseAccountAdmin,
  firebaseTokenVerifier,
  firebaseUserLookup,
} from '../platform/http/caller';
import type {
  ApiContext,
  CalendarReadingSettings,
  TextSettings,
  TokenVerifier,
} from '../platform/http/types';
import { createApi } from '../index';
import { deliveryKick } from '../messages/delivery-kick';
import { runOutbox, type OutboxSettings } from '../messages/sender';
import { smtpMailer, type Mailer } from '../platform/mail/transport';
import { localEnv } from './local-env';

/** The API tests' secret for the emailed PDF links (a test signs its own links with it). */
export const API_TESTS_LINK_SECRET = 'api-tests-payment-link-secret-0123456789';

/** The origin the API tests' passkeys are used on (WebAuthn takes `localhost`, never an IP). */
export const API_TESTS_PASSKEY_ORIGIN = 'http://localhost:5173';

export interface ApiServerOptions {
  db: Database;
  now: () => Date;
  /** The write rate limit's clock (the wall clock when not given). */
  writeClock?: () => Date;
  /** The clock a sign-in's age is measured on (the wall clock when not given). */
  sessionClock?: () => Date;
  smtpUrl: string;
  practiceEmail?: string;
  verifyToken?: TokenVerifier;
  /** Instead of SMTP to `smtpUrl` (a mail server that fails or hangs on purpose). */
  mailer?: Mailer;
  /** Deletes identity accounts (the Auth emulator's, through the Admin SDK, unless given). */
  deleteIdentity?: (uid: string) => Promise<void>;
  /** Card payments through the Stripe stand-in at this address. */
  /** `budgetMs`: a request's time for all its Stripe calls, shorter than 15 s for a test. */
  stripe?: { apiUrl: string; webhookSecret: string; budgetMs?: number };
  /** Her calendar read as in production (no 127.0.0.1 feeds), or a shorter time limit. */
  calendarReading?: CalendarReadingSettings;
  /** Reminders by text through the Twilio stand-in. */
  texts?: TextSettings;
}

/** The API on node:http at a free port: the same handlers the Cloud Function runs. */
export async function startApiServer(options: ApiServerOptions) {
  const services = loadServices();
  const practiceEmail = options.practiceEmail ?? practice.email;
  const outbox: OutboxSettings = {
    db: options.db,
    mailer: options.mailer ?? smtpMailer(options.smtpUrl, `${practice.name} <${practiceEmail}>`),
    practiceEmail,
    siteUrl: 'http://site.test',
    services,
    ...(options.texts && { texts: options.texts }),
  };
  const kick = deliveryKick(outbox, options.now);
  const settings: Omit<ApiContext, 'reactions' | 'practiceActivity'> = {
    db: options.db,
    services,
    hours: practice.openingHours,
    now: options.now,
    ...(options.writeClock && { writeClock: options.writeClock }),
    ...(options.sessionClock && { sessionClock: options.sessionClock }),
    verifyToken: options.verifyToken ?? firebaseTokenVerifier(),
    findUser: firebaseUserLookup(),
    deleteIdentity: options.deleteIdentity ?? firebaseIdentityDeletion(),
    accounts: firebaseAccountAdmin(),
    passkeys: {
      rpId: new URL(API_TESTS_PASSKEY_ORIGIN).hostname,
      origin: API_TESTS_PASSKEY_ORIGIN,
      rpName: practice.name,
    },
    outbox: { practiceEmail, deliver: kick.deliver },
    siteUrl: 'http://site.test',
    calendarReading: options.calendarReading ?? { allowLocalFeeds: true },
    ...(options.texts && { texts: options.texts }),
    ...(options.stripe && {
      payments: {
        secretKey: 'sk_test_local_stand_in',
        apiUrl: options.stripe.apiUrl,
        webhookSecret: options.stripe.webhookSecret,
        linkSecret: API_TESTS_LINK_SECRET,
        siteUrl: 'http://site.test',
        ...(options.stripe.budgetMs !== undefined && { stripeBudgetMs: options.stripe.budgetMs }),
      },
    }),
  };
  const handle = createApi(settings);
  const { context } = handle;
  const server = http.createServer((request, response) => {
    void readBody(request)
      .then((body) => handle(toApiRequest(request, body)))
      .then((answer) => writeApiResponse(response, answer));
  });
  await new Promise<void>((resolve) => server.listen(0, localEnv.host(), resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${localEnv.host()}:${port}/api`,
    outbox,
    /** What the handlers are given (the scheduled jobs that need the API's settings take it). */
    context,
    /** Resolves once the delivery the last request started has finished. */
    deliveryIdle: kick.idle,
    /**
     * The scheduled work, as Cloud Scheduler would run it, at the test's clock; it returns once
     * the delivery a request started is done too (that delivery may hold a message claimed, which
     * the scheduled run then leaves to it: a test reading the mail at once missed it).
     */
    runOutbox: async () => {
      await kick.idle();
      const done = await runOutbox(outbox, options.now);
      await kick.idle();
      return done;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as it is, instead of JSON. */
  rawBody?: string;
  contentType?: string;
  authorization?: string;
  /** The browser the request says it comes from (a User-Agent header). */
  userAgent?: string;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = {};
  const authorization =
    options.authorization ?? (options.token ? `Bearer ${options.token}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  if (options.userAgent !== undefined) headers['user-agent'] = options.userAgent;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined && { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    json: (text ? JSON.parse(text) : undefined) as any,
  };
}
