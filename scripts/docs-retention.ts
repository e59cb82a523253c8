// `npm run docs:retention`: writes the record schedule's table into docs/clinical-record.md,
// between the marker comments, from shared/retention.ts (RECORD_SCHEDULE_ROWS).
// `docs-retention.test.ts` (in `npm run test:unit`) fails when it is stale. shared/ uses
// extensionless imports, which plain Node cannot load: Vite loads it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCHEDULE_MODULE = 'shared/retention.ts';
export const RECORD_DOC = 'docs/clinical-record.md';
export const BEGIN =
  '<!-- retention-table: begin (written by `npm run docs:retention` from shared/retention.ts) -->';
export const END = '<!-- retention-table: end -->';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ScheduleRow {
  who: string;
  keptUntil: string;
}

/** The schedule as a markdown table, in its own order. */
export function retentionTableMarkdown(rows: readonly ScheduleRow[]): string {
  return [
    '| Whose record | Kept until |',
    '| ------------ | ---------- |',
    ...rows.map((row) => `| ${row.who} | ${row.keptUntil} |`),
  ].join('\n');
}

/** The document with the table between the markers replaced. */
export function withRetentionTable(doc: string, table: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin)
    throw new Error(`${RECORD_DOC} lacks the markers ${BEGIN} … ${END}`);
  return `${doc.slice(0, begin + BEGIN.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

async function loadSchedule(): Promise<readonly ScheduleRow[]> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = await server.ssrLoadModule(path.join(root, SCHEDULE_MODULE));
    return module.RECORD_SCHEDULE_ROWS as readonly ScheduleRow[];
  } finally {
    await server.close();
  }
}

/** docs/clinical-record.md as it should be: today's schedule, as Prettier writes it. */
export async function expectedRecordDoc(): Promise<{ actual: string; expected: string }> {
  const file = path.join(root, RECORD_DOC);
  const actual = fs.readFileSync(file, 'utf8');
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  const expected = await prettier.format(
    withRetentionTable(actual, retentionTableMarkdown(await loadSchedule())),
    options,
  );
  return { actual, expected };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { actual, expected } = await expectedRecordDoc();
  if (actual === expected) console.log(`${RECORD_DOC}: the retention table is up to date.`);
  else {
    fs.writeFileSync(path.join(root, RECORD_DOC), expected);
    console.log(`${RECORD_DOC}: retention table written from ${SCHEDULE_MODULE}.`);
  }
}
