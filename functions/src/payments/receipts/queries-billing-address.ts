import { sql } from 'kysely';
import type { Database } from '../../platform/database/database';

/**
 * The postal address a client gave in their intake, for their receipts (an insurer asks for it);
 * undefined when they have no intake. Reading it for anyone but the client is to be audited.
 */
export async function billingAddressOf(
  db: Database,
  clientUid: string,
): Promise<{ address: string | null } | undefined> {
  const intake = await db
    .selectFrom('intakes')
    .select(sql<string | null>`details->>'address'`.as('address'))
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  return intake && { address: intake.address };
}
