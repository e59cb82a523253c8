import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localEnv } from './local-env';

/**
 * A throwaway PostgreSQL server (Debian's `postgresql` package) in a temporary folder. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user.
 */
export interface PostgresServer {
  url: string;
  stop(): void;
}

function binDirectory(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => fs.existsSync(path.join(bin, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` (.ci/run does this).',
    );
  }
  return found;
}

/** The server's lock waits and deadlocks, if any, on stderr (the log goes with its folder). */
function reportLockWaits(log: string) {
  try {
    const all = fs.readFileSync(log, 'utf8').split('\n');
    // Each wait with the lines that follow it: what was waited for, and by which statement.
    const related = (line: string) => /\b(DETAIL|STATEMENT|CONTEXT):/.test(line);
    const waits: string[] = [];
    all.forEach((line, index) => {
      if (!/still waiting|acquired \w+ on|deadlock detected/.test(line)) return;
      waits.push(line);
      for (const next of all.slice(index + 1, index + 4)) {
        if (!related(next)) break;
        waits.push(next);
      }
    });
    if (waits.length === 0) return;
    console.error('The test PostgreSQL server logged lock waits or deadlocks:');
    console.error(waits.slice(0, 80).join('\n'));
  } catch {
    // No log to read (the server never started): nothing to report.
  }
}

export function startPostgres(port: number): PostgresServer {
  const bin = binDirectory();
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-pg-'));
  const data = path.join(folder, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', folder]);
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(folder, 'server.log'),
    '-w',
    '-o',
    // Lock waits over a second (deadlock_timeout) are logged, and printed at the end: a test that
    // stalls on the database says on what.
    `-p ${port} -k ${folder} -c listen_addresses=${localEnv.host()} -c fsync=off -c max_connections=120 -c log_lock_waits=on`,
    'start',
  ]);
  return {
    url: `postgres://postgres@${localEnv.host()}:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        reportLockWaits(path.join(folder, 'server.log'));
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
