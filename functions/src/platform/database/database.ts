import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { DatabaseSchema } from './schema';

export type Database = Kysely<DatabaseSchema>;

/** Where the data lives: a PostgreSQL server, or embedded PGlite in a folder (or in memory). */
export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const db = new Kysely<DatabaseSchema>({ dialect: await dialectFor(target) });
  await migrateToLatest(db as Kysely<unknown>);
  return db;
}

async function dialectFor(target: DatabaseTarget) {
  if ('url' in target) {
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) });
  }
  const extensions = { btree_gist };
  if ('memory' in target) return new PGliteDialect(await PGlite.create({ extensions }));
  fs.mkdirSync(target.pgliteDir, { recursive: true });
  return new PGliteDialect(await PGlite.create(target.pgliteDir, { extensions }));
}

/** A JSON column's value: PostgreSQL's driver parses it, PGlite's may hand back the text. */
export const asJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;
