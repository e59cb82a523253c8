import { sql } from 'kysely';
import type { Block } from '../../../shared/booking';
import type { Interval } from '../../../shared/time';
import type { Database } from '../platform/database/database';

/** Time she has taken out of the offered slots, with her own label for it. */
export interface BlockRecord extends Interval {
  id: string;
  reason: string;
}

export const blockView = (block: BlockRecord): Block => ({
  id: block.id,
  start: block.start.toISOString(),
  end: block.end.toISOString(),
  reason: block.reason,
});

const blockColumns = [
  'id',
  'reason',
  sql<Date>`lower(during)`.as('start'),
  sql<Date>`upper(during)`.as('end'),
] as const;

type BlockRow = { id: string; reason: string; start: Date; end: Date };

const toRecord = (row: BlockRow): BlockRecord => ({
  id: row.id,
  reason: row.reason,
  start: new Date(row.start),
  end: new Date(row.end),
});

export async function insertBlock(
  db: Database,
  block: Interval & { reason: string },
): Promise<BlockRecord> {
  const row = await db
    .insertInto('blocks')
    .values({
      during: sql<string>`tstzrange(${block.start}, ${block.end}, '[)')`,
      reason: block.reason,
    })
    .returning(blockColumns)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function blocksOverlapping(db: Database, within: Interval): Promise<BlockRecord[]> {
  const rows = await db
    .selectFrom('blocks')
    .select(blockColumns)
    .where(sql<boolean>`during && tstzrange(${within.start}, ${within.end}, '[)')`)
    .orderBy(sql`lower(during)`)
    .execute();
  return rows.map(toRecord);
}

/** Deletes a block and answers the time it held (undefined when there was none with that id). */
export async function removeBlock(db: Database, id: string): Promise<BlockRecord | undefined> {
  const row = await db
    .deleteFrom('blocks')
    .where('id', '=', id)
    .returning(blockColumns)
    .executeTakeFirst();
  return row && toRecord(row);
}
