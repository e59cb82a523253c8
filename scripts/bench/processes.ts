// Child processes of the bench: started with their ids tracked, so that they are stopped on error
// and on Ctrl-C; free ports; the shared static server.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = path.resolve(import.meta.dirname, '..', '..');

interface Child {
  process: ChildProcess;
  output: string;
}

const children = new Map<ChildProcess, NodeJS.Signals>(); // child -> the signal that stops it cleanly

interface StartOptions {
  env?: NodeJS.ProcessEnv;
  stopSignal?: NodeJS.Signals;
}

export function start(
  command: string,
  args: string[],
  { env = process.env, stopSignal = 'SIGTERM' }: StartOptions = {},
): Child {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(child, stopSignal);
  child.on('exit', () => children.delete(child));
  const result: Child = { process: child, output: '' };
  child.stdout.on('data', (chunk: Buffer) => (result.output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (result.output += chunk));
  return result;
}

export function stopChildren(): void {
  for (const [child, signal] of children) {
    if (child.pid === undefined) continue;
    try {
      process.kill(child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Runs a command to its end; rejects with the tail of its output when it fails. */
export function run(command: string, args: string[], options?: StartOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = start(command, args, options);
    child.process.on('error', reject);
    child.process.on('close', (code, signal) =>
      code === 0
        ? resolve(child.output)
        : reject(
            new Error(
              `${path.basename(args[0] ?? command)} failed (${signal ?? `exit ${code}`}):\n${child.output.slice(-4000)}`,
            ),
          ),
    );
  });
}

/** Ports the system hands out as free, held open together so that they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      const server = net.createServer();
      return new Promise<net.Server>((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    }),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Serves a built site: the shared static server (../shared/bench/serve.mjs: HTTP/1.1, gzip 9,
 * route/index.html, 404.html), or with `http2` our own over TLS (serve-http2.ts), as Hosting does.
 */
export async function serve(
  serveScript: string,
  dir: string,
  port: number,
  { http2 = false }: { http2?: boolean } = {},
): Promise<string> {
  const script = http2 ? path.join(import.meta.dirname, 'serve-http2.ts') : serveScript;
  const server = start(process.execPath, [script, dir, String(port)]);
  const origin = `${http2 ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (server.process.exitCode !== null)
      throw new Error(`The server for ${dir} stopped:\n${server.output}`);
    // Both servers say so once they listen.
    if (server.output.includes(`serving `)) return origin;
    await sleep(200);
  }
  throw new Error(`The server for ${dir} did not answer on ${origin}`);
}
