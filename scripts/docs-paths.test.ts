// @vitest-environment node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPaths, docScripts, docLinks } from './docs-paths.ts';

/** The README and every page of docs/ say only what is there: paths, links and npm scripts. */
const root = path.resolve(import.meta.dirname, '..');

const docs = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const scripts = Object.keys(JSON.parse(read('package.json')).scripts);

/** A path that is absent on a fresh clone is fine only if git ignores it: a build's output. */
function ignoredByGit(file: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '-q', file], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

describe.each(docs)('%s', (doc) => {
  const text = read(doc);

  it('names only repository paths that exist (or are build output that git ignores)', () => {
    const missing = docPaths(text).filter(
      (file) => !fs.existsSync(path.join(root, file)) && !ignoredByGit(file),
    );
    expect(missing, `${doc} names paths the repository does not hold`).toEqual([]);
  });

  it('links only to files that exist', () => {
    const dir = path.dirname(path.join(root, doc));
    const broken = docLinks(text).filter((link) => !fs.existsSync(path.resolve(dir, link)));
    expect(broken, `${doc} links to files the repository does not hold`).toEqual([]);
  });

  it('runs only npm scripts that package.json has', () => {
    const unknown = docScripts(text).filter((name) => !scripts.includes(name));
    expect(unknown, `${doc} names npm scripts package.json lacks`).toEqual([]);
  });
});

describe('what the check finds', () => {
  it('takes backticked paths with a slash and an extension, or folders ending in a slash', () => {
    const text =
      'See `src/main.tsx`, `functions/src/payments/`, `shared/`, `e2e/a.spec.ts-snapshots`, ' +
      'not `/api/payments/:id/receipt.pdf`, `https://x.example/a.js`, `functions/.env.<id>`, ' +
      '`…/signed-receipt.pdf`, `a.ts`, `npm start` or `app/utils/*.server.ts`.\n' +
      '```sh\nnode scripts/not-inline.ts\n```\n';
    expect(docPaths(text)).toEqual([
      'src/main.tsx',
      'functions/src/payments/',
      'shared/',
      'e2e/a.spec.ts-snapshots',
    ]);
  });

  it('takes every `npm run` script, in code blocks too, and relative links', () => {
    expect(
      docScripts('`npm run bench -- --signed-in`\n```sh\nnpm run practitioner -- a@b.c\n```'),
    ).toEqual(['bench', 'practitioner']);
    expect(docLinks('[API](docs/api.md#routes), [web](https://a.example), [here](#x)')).toEqual([
      'docs/api.md',
    ]);
  });
});
