import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from './gateway';

// The shape issue 35 gave payments/, kept: checked by reading the files, no server needed.
const SRC = path.resolve(import.meta.dirname, '..');
const HERE = import.meta.dirname;

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
// The money simulation's support files are test code kept beside its test (eslint.config.js).
const product = (files: string[]) =>
  files.filter(
    (file) =>
      !file.endsWith('.test.ts') &&
      !file.includes(`${path.sep}testing${path.sep}`) &&
      !path.basename(file).startsWith('money-simulation-'),
  );
const relative = (file: string) => path.relative(SRC, file);

describe('payments/ as the model capability', () => {
  it('the stripe package is imported by the gateway alone (of the product code)', () => {
    const importers = product(filesUnder(SRC)).filter((file) =>
      /from 'stripe'|import\('stripe'\)|require\('stripe'\)/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(
      importers
        .map(relative)
        .filter((file) => !file.startsWith('bench'))
        .sort(),
    ).toEqual([path.join('payments', 'gateway-events.ts'), path.join('payments', 'gateway.ts')]);
  });

  it('SQL only in the query modules', () => {
    const withSql = product(filesUnder(HERE)).filter(
      (file) =>
        !path.basename(file).startsWith('queries') &&
        /\.selectFrom\(|\.insertInto\(|\.updateTable\(|\.deleteFrom\(|from 'kysely'/.test(
          fs.readFileSync(file, 'utf8'),
        ),
    );
    expect(withSql.map(relative)).toEqual([]);
  });

  it('the API version is pinned in code, and is the one the SDK and the stand-in speak', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('every file under 400 lines', () => {
    const long = product(filesUnder(HERE))
      .map((file) => ({
        file: relative(file),
        lines: fs.readFileSync(file, 'utf8').split('\n').length,
      }))
      .filter((each) => each.lines >= 400);
    expect(long).toEqual([]);
  });
});
