import type { ColumnType } from 'kysely';

/** The sign-in tables: passkeys, their challenges and enrolments, recovery codes, known browsers. */

export interface PasskeysTable {
  /** The credential id (base64url), as the authenticator gave it. */
  id: string;
  uid: string;
  /** The COSE public key. */
  public_key: Uint8Array;
  counter: ColumnType<string | number, number | undefined, number>;
  /** The authenticator's transports, comma-separated. */
  transports: ColumnType<string, string | undefined, string>;
  name: string;
  created_at: Date;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The practitioner grant it was made under (her enrolment link's hash); null: a client's. */
  practitioner_grant: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'registration' | 'authentication';
  uid: string | null;
  expires_at: Date;
}

export interface PasskeyEnrolmentsUsedTable {
  token_hash: string;
  uid: string;
  used_at: Date;
}

export interface RecoveryCodesTable {
  uid: string;
  code_hash: string;
  created_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  practitioner_grant: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface KnownBrowsersTable {
  uid: string;
  browser_hash: string;
  first_seen_at: Date;
}

/** Her last practice request of one sign-in (the ID token's auth_time). */
export interface PracticeSignInsTable {
  uid: string;
  auth_time: Date;
  last_request_at: Date;
}

/** An account asked to review its passkeys (after "Sign out everywhere"). */
export interface PasskeyReviewsTable {
  uid: string;
  asked_at: Date;
}
