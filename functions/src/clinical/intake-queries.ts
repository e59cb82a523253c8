import type { Selectable } from 'kysely';
import type { IntakeDetails } from '../../../shared/intake';
import type { Client } from '../bookings';
import { asJson, type Database } from '../platform/database/database';
import type { IntakesTable } from '../platform/database/schema';

/** The client's intake and agreement: the only module that knows their SQL. */

export interface IntakeRow {
  client: Client;
  details: IntakeDetails;
  agreement: { version: string; agreedAt: Date; agreedFrom: string };
  updatedAt: Date;
}

const toIntake = (row: Selectable<IntakesTable>): IntakeRow => ({
  client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
  details: asJson(row.details) as IntakeDetails,
  agreement: {
    version: row.agreement_version,
    agreedAt: new Date(row.agreed_at),
    agreedFrom: row.agreed_from,
  },
  updatedAt: new Date(row.updated_at),
});

/** Writes the client's intake; the agreement's time and place change only with its version. */
export async function saveIntake(
  db: Database,
  intake: { client: Client; details: IntakeDetails; version: string; from: string; now: Date },
): Promise<{ created: boolean }> {
  const details = JSON.stringify(intake.details);
  const existing = await db
    .selectFrom('intakes')
    .select('agreement_version')
    .where('client_uid', '=', intake.client.uid)
    .forUpdate()
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('intakes')
      .values({
        client_uid: intake.client.uid,
        client_email: intake.client.email,
        client_name: intake.client.name,
        details,
        agreement_version: intake.version,
        agreed_at: intake.now,
        agreed_from: intake.from,
        created_at: intake.now,
        updated_at: intake.now,
      })
      .execute();
    return { created: true };
  }
  const newAgreement = existing.agreement_version !== intake.version;
  await db
    .updateTable('intakes')
    .set({
      client_email: intake.client.email,
      client_name: intake.client.name,
      details,
      updated_at: intake.now,
      ...(newAgreement && {
        agreement_version: intake.version,
        agreed_at: intake.now,
        agreed_from: intake.from,
      }),
    })
    .where('client_uid', '=', intake.client.uid)
    .execute();
  return { created: false };
}

export async function findIntake(db: Database, clientUid: string): Promise<IntakeRow | undefined> {
  const row = await db
    .selectFrom('intakes')
    .selectAll()
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  return row && toIntake(row);
}
