import { sql, type Kysely } from 'kysely';
import { PARTICIPANT_RULES } from '../../../../../shared/participants';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A child comes with their age in years, 0 to the rule's oldest (shared/participants.ts): the
  // family's notes are kept to the youngest child's 25th birthday, counted from it. The column
  // allowed 0 to 17 and no age at all, and no age kept nothing for the child.
  const oldest = sql.lit(PARTICIPANT_RULES.childMaxAge);
  // Rows already outside the rule cannot be asked again: each is given the age that keeps its
  // notes at least as long as the true one would. No age: 0 (the longest keeping); older than
  // the rule: its oldest (kept a year or two longer than their own age needed, never shorter).
  await sql`update participants set age_years = 0
    where kind = 'child' and age_years is null`.execute(db);
  await sql`update participants set age_years = ${oldest}
    where kind = 'child' and age_years > ${oldest}`.execute(db);
  await sql`alter table participants drop constraint if exists participants_age_years_check`.execute(
    db,
  );
  await sql`
    alter table participants add constraint participants_child_age
      check (kind <> 'child' or (age_years is not null and age_years between 0 and ${oldest}))`.execute(
    db,
  );
}
