// Child processes of the bench: started with their ids tracked, so that they are stopped on error
// and on Ctrl-C; free ports; the static server (reference/serve.mjs) and the reference page.
import '../local-bin.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCAL_HOST, SITE_HOST } from '../local-stack.ts';

export const root = path.resolve(import.meta.dirname, '..', '..');
/** The measured reference: the home page's content as one static HTML page (inline CSS, no JS). */
export const limitDir = path.join(import.meta.dirname, 'reference', 'limit');
/** The static server every measured build is served by (HTTP/1.1, gzip 9, SPA fallback). */
export const staticServer = path.join(import.meta.dirname, 'reference', 'serve.mjs');

interface Child {
  process: ChildProcess;
  output: string;
}

// child -> the signal that stops it cleanly, and whether it leads a process group of its own
const children = new Map<ChildProcess, { signal: NodeJS.Signals; group: boolean }>();

interface StartOptions {
  env?: NodeJS.ProcessEnv;
  stopSignal?: NodeJS.Signals;
  /**
   * Its own process group, signalled as one (as Ctrl-C would): for the emulators, whose Firebase
   * CLI waits for the signal itself (scripts/firebase-local.ts).
   */
  group?: boolean;
}

export function start(
  command: string,
  args: string[],
  { env = process.env, stopSignal = 'SIGTERM', group = false }: StartOptions = {},
): Child {
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  children.set(child, { signal: stopSignal, group });
  child.on('exit', () => children.delete(child));
  const result: Child = { process: child, output: '' };
  child.stdout.on('data', (chunk: Buffer) => (result.output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (result.output += chunk));
  return result;
}

export function stopChildren(force = false): void {
  for (const [child, { signal, group }] of children) {
    if (child.pid === undefined) continue;
    try {
      process.kill(group ? -child.pid : child.pid, force ? 'SIGKILL' : signal);
    } catch {
      // already gone
    }
  }
}

/** Stops every child and waits until they are gone: the emulators take a few seconds. */
export async function stopChildrenAndWait(timeoutMs = 20_000): Promise<void> {
  stopChildren();
  const deadline = Date.now() + timeoutMs;
  while (children.size > 0 && Date.now() < deadline) await sleep(100);
  if (children.size > 0) stopChildren(true);
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
 * Serves a built site: the static server (reference/serve.mjs: HTTP/1.1, gzip 9,
 * route/index.html, 404.html), or with `http2` our own over TLS (serve-http2.ts), as Hosting does.
 * With `api` (a function's address), `/api/**` goes there as Hosting's rewrite does: serve-http2.ts
 * forwards it itself; over HTTP/1.1 serve-api.ts stands in front of the static server.
 */
export async function serve(
  serveScript: string,
  dir: string,
  port: number,
  { http2 = false, api }: { http2?: boolean; api?: string } = {},
): Promise<string> {
  if (api && !http2) {
    const [staticPort = 0] = await freePorts(1);
    await serve(serveScript, dir, staticPort);
    // Between the two servers: the loopback address they listen on.
    const staticOrigin = `http://${LOCAL_HOST}:${staticPort}`;
    const front = path.join(import.meta.dirname, 'serve-api.ts');
    return listening(start(process.execPath, [front, String(port), staticOrigin, api]), dir, port);
  }
  const script = http2 ? path.join(import.meta.dirname, 'serve-http2.ts') : serveScript;
  const args = [script, dir, String(port), ...(http2 && api ? ['--api', api] : [])];
  return listening(start(process.execPath, args), dir, port, http2);
}

/**
 * The served site's address once it listens: on `localhost`, as the local stacks open theirs
 * (scripts/local-stack.ts), since WebAuthn refuses an IP address as a site.
 */
async function listening(server: Child, dir: string, port: number, tls = false): Promise<string> {
  const origin = `${tls ? 'https' : 'http'}://${SITE_HOST}:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (server.process.exitCode !== null)
      throw new Error(`The server for ${dir} stopped:\n${server.output}`);
    // Every server says so once it listens.
    if (server.output.includes(`serving `)) return origin;
    await sleep(200);
  }
  throw new Error(`The server for ${dir} did not answer on ${origin}`);
}
