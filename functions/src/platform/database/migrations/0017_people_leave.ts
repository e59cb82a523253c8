import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // People leave: an invitation the booker withdrew, or one not answered by the first session's
  // start (expired), joins declined as an answer that is kept only 30 days. A participant who
  // joined may leave, or the practitioner may remove them: `left` either way, with her reason
  // (hers alone, never shown to anyone else) when she removed them.
  await sql`alter table participants drop constraint participants_status_check`.execute(db);
  await sql`
    alter table participants
      add constraint participants_status_check
        check (status in ('invited', 'joined', 'declined', 'left', 'withdrawn', 'expired')),
      add column removal_reason text check (char_length(removal_reason) between 1 and 1000),
      add constraint participants_removed_left check (removal_reason is null or status = 'left')`.execute(
    db,
  );
}
