import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../platform/database/database';

/** SHA-256, hex: how enrolment links, recovery codes and browser ids are kept. */
export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface StoredPasskey {
  id: string;
  uid: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The practitioner grant it was made under (grant.ts); null: made as a client. */
  practitionerGrant: string | null;
}

const CHALLENGE_MINUTES = 5;

export async function passkeysOf(db: Database, uid: string): Promise<StoredPasskey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('uid', '=', uid)
    .orderBy('created_at')
    .execute();
  return rows.map(fromRow);
}

export async function findPasskey(db: Database, id: string): Promise<StoredPasskey | undefined> {
  const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

function fromRow(row: {
  id: string;
  uid: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  practitioner_grant: string | null;
}): StoredPasskey {
  return {
    id: row.id,
    uid: row.uid,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports ? row.transports.split(',') : [],
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at && new Date(row.last_used_at),
    practitionerGrant: row.practitioner_grant,
  };
}

export async function savePasskey(
  db: Database,
  passkey: Omit<StoredPasskey, 'lastUsedAt'>,
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      uid: passkey.uid,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      name: passkey.name,
      created_at: passkey.createdAt,
      practitioner_grant: passkey.practitionerGrant,
    })
    .execute();
}

/**
 * Records a use. The signature counter only goes forward (WebAuthn: a counter that does not
 * grow, once either is non-zero, may be a cloned authenticator): false, and nothing written,
 * when this one does not. The database refuses it too (0017_passkey_rules.ts).
 */
export async function markPasskeyUsed(
  db: Database,
  id: string,
  counter: number,
  now: Date,
): Promise<boolean> {
  const used = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', counter === 0 ? '=' : '<', counter)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Passkeys of the account not made under `grant`: what an earlier owner of the account left. */
export async function deletePasskeysOutsideGrant(
  db: Database,
  uid: string,
  grant: string,
): Promise<void> {
  await db
    .deleteFrom('passkeys')
    .where('uid', '=', uid)
    .where((eb) =>
      eb.or([eb('practitioner_grant', 'is', null), eb('practitioner_grant', '<>', grant)]),
    )
    .execute();
}

/** Everything the sign-in kept of an account, when the account is deleted. */
export async function deleteSignInRecords(db: Database, uid: string): Promise<void> {
  await db.deleteFrom('passkeys').where('uid', '=', uid).execute();
  await db.deleteFrom('recovery_codes').where('uid', '=', uid).execute();
  await db.deleteFrom('known_browsers').where('uid', '=', uid).execute();
  await db.deleteFrom('passkey_challenges').where('uid', '=', uid).execute();
  await db.deleteFrom('practice_sign_ins').where('uid', '=', uid).execute();
  await db.deleteFrom('passkey_reviews').where('uid', '=', uid).execute();
}

/** After "Sign out everywhere": the account is asked to review its passkeys. */
export async function askForReview(db: Database, uid: string, now: Date): Promise<void> {
  await db
    .insertInto('passkey_reviews')
    .values({ uid, asked_at: now })
    .onConflict((conflict) => conflict.column('uid').doUpdateSet({ asked_at: now }))
    .execute();
}

export async function reviewDue(db: Database, uid: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkey_reviews')
    .select('uid')
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row !== undefined;
}

export async function endReview(db: Database, uid: string): Promise<void> {
  await db.deleteFrom('passkey_reviews').where('uid', '=', uid).execute();
}

export async function deletePasskey(db: Database, uid: string, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('passkeys')
    .where('uid', '=', uid)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return gone !== undefined;
}

/** Stores a challenge for one ceremony, valid for 5 minutes. */
export async function saveChallenge(
  db: Database,
  challenge: string,
  purpose: 'registration' | 'authentication',
  uid: string | null,
  now: Date,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge,
      purpose,
      uid,
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    })
    .execute();
}

/**
 * Takes a challenge: true once, if it was handed out for this purpose (and account) and is
 * still valid; it is gone afterwards, so an answer replayed finds nothing.
 */
export async function takeChallenge(
  db: Database,
  challenge: string,
  purpose: 'registration' | 'authentication',
  uid: string | null,
  now: Date,
): Promise<boolean> {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now);
  if (uid !== null) query = query.where('uid', '=', uid);
  const taken = await query.returning('challenge').executeTakeFirst();
  return taken !== undefined;
}

/** Marks an enrolment link used; false if it already was (a link works once). */
export async function useEnrolment(
  db: Database,
  tokenHash: string,
  uid: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .insertInto('passkey_enrolments_used')
    .values({ token_hash: tokenHash, uid, used_at: now })
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return used !== undefined;
}

export async function enrolmentUsed(db: Database, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkey_enrolments_used')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

const RECOVERY_CODES = 10;

/** Ten new recovery codes (the old ones stop working): returned once, kept only hashed. */
export async function replaceRecoveryCodes(
  db: Database,
  uid: string,
  grant: string | null,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const text = randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 12);
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`.toLowerCase();
  });
  await db.deleteFrom('recovery_codes').where('uid', '=', uid).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        uid,
        code_hash: hashOf(code),
        created_at: now,
        practitioner_grant: grant,
      })),
    )
    .execute();
  return codes;
}

/** Uses a recovery code of her current grant: true once per code. */
export async function useRecoveryCode(
  db: Database,
  uid: string,
  grant: string | null,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('uid', '=', uid)
    .where('practitioner_grant', grant === null ? 'is' : '=', grant)
    .where('code_hash', '=', hashOf(code.trim().toLowerCase()))
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return used !== undefined;
}

export async function recoveryCodesLeft(
  db: Database,
  uid: string,
  grant: string | null,
): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('left'))
    .where('uid', '=', uid)
    .where('practitioner_grant', grant === null ? 'is' : '=', grant)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/** Remembers a browser; true when the account had not signed in from it before. */
export async function rememberBrowser(
  db: Database,
  uid: string,
  browserId: string,
  now: Date,
): Promise<boolean> {
  const added = await db
    .insertInto('known_browsers')
    .values({ uid, browser_hash: hashOf(browserId), first_seen_at: now })
    .onConflict((conflict) => conflict.columns(['uid', 'browser_hash']).doNothing())
    .returning('uid')
    .executeTakeFirst();
  return added !== undefined;
}
