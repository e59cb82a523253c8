import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../platform/database/database';

/** 32 random bytes (256 bits), base64url: the feed's link is its only key. */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a copy of the table opens no feed. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes (or replaces) the practitioner's feed; the old token stops matching in the same statement. */
export async function replaceFeed(
  db: Database,
  practitionerUid: string,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ practitioner_uid: practitionerUid, token_hash: tokenHash, created_at: now })
    .onConflict((conflict) =>
      conflict.column('practitioner_uid').doUpdateSet({ token_hash: tokenHash, created_at: now }),
    )
    .execute();
}

export async function feedOf(
  db: Database,
  practitionerUid: string,
): Promise<{ createdAt: Date } | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('practitioner_uid', '=', practitionerUid)
    .executeTakeFirst();
  return row && { createdAt: new Date(row.created_at) };
}

/** True when a feed was stopped, false when there was none. */
export async function deleteFeed(db: Database, practitionerUid: string): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feeds')
    .where('practitioner_uid', '=', practitionerUid)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether a token opens a feed (compared by hash; the token itself is never stored). */
export async function feedExists(db: Database, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('practitioner_uid')
    .where('token_hash', '=', feedTokenHash(token))
    .executeTakeFirst();
  return row !== undefined;
}
