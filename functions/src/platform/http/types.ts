import type { Reactions } from '../events/reactions';
import type { Service } from '../../../../shared/service';
import type { Database } from '../database/database';
import type { WeeklyHours } from '../../../../shared/practice';

/** A request as the handlers see it, whatever server carried it (Cloud Functions or node:http). */
export interface ApiRequest {
  method: string;
  /** The path after `/api`, e.g. `/bookings/123/cancel`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  /** The caller's address and browser, as a record of where something was given from. */
  from?: string;
  /** The parsed JSON body; undefined when there was none. */
  body: unknown;
  /** Set when a body was sent but could not be read as JSON. */
  bodyUnreadable?: boolean;
  /** Set, to the body's size in bytes, when it is over API_LIMITS.maxBodyBytes (not read). */
  bodyTooLarge?: number;
  /** The body's bytes as sent (a webhook's signature is over these). */
  rawBody?: Buffer;
  /** The `Stripe-Signature` header. */
  stripeSignature?: string;
  /** The `X-Twilio-Signature` header. */
  twilioSignature?: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON, or bytes sent as they are (a PDF). */
  body?: unknown;
}

/**
 * Who is asking, as a handler sees them. It says nothing of the practitioner's claim: what the
 * caller is to the thing asked for is decided by the router first (endpoint.ts, `Access`).
 */
export interface Caller {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** When this sign-in began (the ID token's `auth_time`), carried by every token it refreshes. */
  authTime: Date;
  /** How the sign-in's second step was made (the developer claim `second_factor`), if it was. */
  secondFactor: SecondFactor | null;
}

/** A sign-in's second step: her passkey, or (once, in its place) a recovery code. */
export type SecondFactor = 'passkey' | 'recovery-code';

/** What the API asks of Firebase Auth for sign-ins: custom tokens, claims, ending sessions. */
export interface AccountAdmin {
  /** A custom token the browser signs in with; `claims` go into every ID token of that sign-in. */
  mintToken: (uid: string, claims: Record<string, string>) => Promise<string>;
  /** Ends every session of the account: its refresh tokens and ID tokens stop working. */
  revokeSessions: (uid: string) => Promise<void>;
  claimsOf: (uid: string) => Promise<Record<string, unknown>>;
  setClaims: (uid: string, claims: Record<string, unknown>) => Promise<void>;
}

/** A verified ID token: the caller, and whether the account holds the practitioner's claim. */
export interface VerifiedToken extends Caller {
  /** Read by the router alone (endpoint.ts), never given to a handler. */
  practitioner: boolean;
}

/** Verifies an ID token (revoked ones fail) or throws an error with an `auth/…` code. */
export type TokenVerifier = (idToken: string) => Promise<VerifiedToken>;

/** An account's name and email by uid (Firebase Auth), or null when there is no such account. */
export type UserLookup = (
  uid: string,
) => Promise<{ uid: string; name: string; email: string } | null>;

/** Everything a handler may use; the clock is passed in so tests can stand on any day. */
export interface ApiContext {
  db: Database;
  verifyToken: TokenVerifier;
  /**
   * Her practice request, once her passkey step is checked: refuses (403) a sign-in idle past the
   * practice pages' limit and records this request (passkeys/practice-session.ts).
   */
  practiceActivity: (context: ApiContext, caller: Caller) => Promise<void>;
  /** Custom tokens and sessions (Firebase Auth); the passkey endpoints need it. */
  accounts?: AccountAdmin;
  /** The relying party of passkeys: the site's host name and its origin. */
  passkeys?: PasskeySettings;
  /** The clock a sign-in's age is measured on: the wall clock (as the token's expiry) unless a test fixes it. */
  sessionClock?: () => Date;
  /** Names a client the records do not (no bookings yet); without it the record says only the uid. */
  findUser?: UserLookup;
  /** Deletes an identity account (Firebase Auth); an account already gone is no error. */
  deleteIdentity?: (uid: string) => Promise<void>;
  outbox: {
    /** Where the practice's messages go. */
    practiceEmail: string;
    /** Starts sending what is due, without waiting for it (the scheduled run is the guarantee). */
    deliver: () => void;
  };
  /**
   * Session events: an endpoint publishes its change inside its transaction and runs the durable
   * reactions after the commit (platform/events/reactions.ts; the subscribers: reactions.ts).
   */
  reactions: Reactions;
  now: () => Date;
  /** The clock the write rate limit runs on: the wall clock unless a test fixes it. */
  writeClock?: () => Date;
  services: readonly Service[];
  hours: WeeklyHours;
  /** The site's address (SITE_URL), which links sent out are built on: emails, the calendar feed. */
  siteUrl: string;
  /** The Jitsi server video sessions meet on (MEETING_HOST); Jitsi's public server when absent. */
  meetingHost?: string;
  /** Card payments (Stripe); undefined where none are set up, and the payment endpoints say so. */
  payments?: PaymentsSettings;
  /** How her own calendar's address may be read; production's rules when absent. */
  calendarReading?: CalendarReadingSettings;
  /** Reminders by text (Twilio); undefined where none are set up. */
  texts?: TextSettings;
}

export interface TextSettings {
  accountSid: string;
  authToken: string;
  /** The number (or Messaging Service SID, MG…) the texts come from. */
  from: string;
  /** Where Twilio's API is, when not Twilio itself (the local stand-in). */
  apiUrl?: string;
}

export interface CalendarReadingSettings {
  /** The local stacks and tests: `http://127.0.0.1:<port>` feeds too. Never in production. */
  allowLocalFeeds?: boolean;
  /** The whole read's time limit (10 seconds unless a test shortens it). */
  timeoutMs?: number;
}

export interface PasskeySettings {
  /** The relying party id: the site's host name (`localhost` locally). */
  rpId: string;
  /** The origin passkeys are used on, e.g. https://www.example.com. */
  origin: string;
  /** The name shown beside the passkey. */
  rpName: string;
}

export interface PaymentsSettings {
  /** Stripe's secret key; the payments' gateway makes its client from it. */
  secretKey: string;
  /** Where Stripe's API is, when not Stripe itself (the local stand-in). */
  apiUrl?: string;
  webhookSecret: string;
  /** Signs the token-free PDF links in emails (HMAC-SHA256). */
  linkSecret: string;
  /** The site's address, for Checkout's return pages. */
  siteUrl: string;
  /** A request's time for all its Stripe calls (payments/stripe-budget.ts): 15 s unless a test shortens it. */
  stripeBudgetMs?: number;
}

export function json(status: number, body: unknown): ApiResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

export const noContent = (): ApiResponse => ({ status: 204, headers: {} });
