// The benchmark's command-line options, for `npm run bench` and `node scripts/bench/hydration.ts`.
import fs from 'node:fs';
import path from 'node:path';

/** `--name value` or `--name=value`. */
export function option(name: string): string | undefined {
  const index = process.argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index === -1) return undefined;
  const arg = process.argv[index] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : process.argv[index + 1];
}

/** `--compare NAME=DIR,…`: other built sites, measured in the same run, interleaved (an A/B). */
export function compareOption(): { name: string; dir: string }[] {
  return (option('--compare')?.split(',') ?? []).map((pair) => {
    const [name, dir] = pair.split('=');
    if (!name || !dir || !fs.existsSync(path.join(dir, 'index.html')))
      throw new Error(`--compare takes NAME=DIR pairs of built sites, not ${pair}`);
    return { name, dir: path.resolve(dir) };
  });
}

/** `--runs N`, a whole number of at least 1. */
export function runsOption(fallback: number): number {
  const value = option('--runs');
  if (value === undefined) return fallback;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs needs a whole number, not ${value}`);
  return runs;
}
