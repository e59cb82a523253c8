// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BEGIN,
  END,
  RECORD_DOC,
  expectedRecordDoc,
  retentionTableMarkdown,
  withRetentionTable,
} from './docs-retention.ts';

describe('the retention table in docs/clinical-record.md', () => {
  it('is shared/retention.ts’s schedule as it is today (else run `npm run docs:retention`)', async () => {
    const { actual, expected } = await expectedRecordDoc();
    expect(actual, `${RECORD_DOC} is stale: run \`npm run docs:retention\``).toBe(expected);
  }, 60_000);

  it('writes one row per rule between the markers, and refuses a document without them', () => {
    const table = retentionTableMarkdown([{ who: 'An adult', keptUntil: '7 years' }]);
    expect(table.split('\n').at(-1)).toBe('| An adult | 7 years |');
    expect(withRetentionTable(`a\n${BEGIN}\nold\n${END}\nb`, table)).toBe(
      `a\n${BEGIN}\n\n${table}\n\n${END}\nb`,
    );
    expect(() => withRetentionTable('no markers', table)).toThrow(/lacks the markers/);
  });
});
