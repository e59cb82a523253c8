import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A child is named with their age, never invited: the hourly job took them for an unanswered
  // invitation, marked them expired at the first session's start and erased them 30 days on,
  // and their age with them (it keeps a family's notes to the youngest's 25th birthday). Those
  // marked and not yet erased are put back; from now on a child's place never changes.
  await sql`update participants set status = 'invited', responded_at = null
    where kind = 'child' and status <> 'invited'`.execute(db);
  await sql`
    alter table participants add constraint participants_children_stay
      check (kind = 'adult' or (status = 'invited' and responded_at is null))`.execute(db);
}
