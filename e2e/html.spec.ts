import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCAL_STACKS } from '../scripts/local-stack.ts';
import { expect, test } from './support/fixtures';
import { ROUTES } from './support/routes';

// Every page of the build the browser tests serve passes the Nu HTML Checker (vnu.jar, run by
// the machine's Java) with zero errors.

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const site = path.resolve(import.meta.dirname, '..', LOCAL_STACKS.e2e.site);
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file))
    .sort();
}

const pages = fs.existsSync(site) ? htmlFiles(site) : [];
let messages: VnuMessage[] = [];

test.describe('Nu HTML Checker', () => {
  test.describe.configure({ mode: 'default' }); // one worker, one Java run for every page

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (pages.length === 0) return; // the count test below says what is missing
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...pages],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  });

  test('the build holds every prerendered page and the 404 page', () => {
    expect(pages.length, `HTML files in ${site}`).toBe(ROUTES.length + 1);
    expect(pages.map((file) => path.relative(site, file))).toContain('404.html');
  });

  for (const file of pages) {
    const name = path.relative(site, file);
    test(`${name} has no HTML errors`, () => {
      const errors = messages
        .filter((m) => m.type !== 'info' && m.url && fileURLToPath(m.url) === file)
        .map((m) => `line ${m.lastLine ?? '?'}: ${m.message} ${m.extract?.trim() ?? ''}`);
      expect(errors).toEqual([]);
    });
  }
});
