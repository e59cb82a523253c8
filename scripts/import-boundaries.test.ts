// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Probes of the import boundaries in eslint.config.js: a file that crosses one is refused, the
 * same file without the crossing passes. The function imports shared/ and its own folders only;
 * the browser never imports the function; shared/ imports neither side.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const probes = [
  ['functions/src/http/probe.ts', "import { LOCAL_STACKS } from '../../../scripts/local-stack';"],
  ['functions/src/probe.ts', "import { practice } from '../../src/content/practice';"],
  ['functions/src/mail/probe.ts', "import { formatDay } from '../../../src/lib/practice-time';"],
  ['src/features/probe/probe.ts', "import { routes } from '../../../functions/src/http/routes';"],
  ['src/lib/probe.ts', "import { serverConfig } from '../../functions/src/config';"],
  ['shared/probe.ts', "import { practice } from '../src/content/practice';"],
  ['shared/probe.ts', "import { LOCAL_HOST } from '../scripts/local-stack';"],
] as const;

describe('import boundaries', () => {
  it.each(probes)('%s may not import %s', async (file, line) => {
    const errors = await importErrors(
      file,
      `${line}\nexport const probe = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`,
    );
    expect(errors).toHaveLength(1);
  });

  it.each([
    [
      'functions/src/http/probe.ts',
      "import { BOOKING_RULES } from '../../../shared/booking-rules';",
    ],
    ['functions/src/domain/probe.ts', "import serviceList from '../../../public/service.json';"],
    ['src/lib/probe.ts', "import { BOOKING_RULES } from '../../shared/booking-rules';"],
    ['shared/probe.ts', "import { BOOKING_RULES } from './booking-rules';"],
  ])('%s may import %s', async (file, line) => {
    const name = line.match(/import \{? ?(\w+)/)?.[1];
    expect(await importErrors(file, `${line}\nexport const probe = [${name}];\n`)).toEqual([]);
  });
});
