// Firebase Hosting's rewrites (firebase.json) for the bench's static servers: `/api/**` goes to the
// function it names, on the bench stack's Functions emulator, and a destination rewrite
// (`/practice/clients/*`) serves its page, as Hosting does for the signed-in pages.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface Rewrite {
  source: string;
  function?: { functionId: string; region: string };
  destination?: string;
}

const firebaseJson = path.resolve(import.meta.dirname, '..', '..', 'firebase.json');

/** The rewrites of firebase.json, in their order (Hosting takes the first that matches). */
export function hostingRewrites(file = firebaseJson): Rewrite[] {
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { hosting: { rewrites?: Rewrite[] } };
  return config.hosting.rewrites ?? [];
}

/** Hosting's globs as firebase.json uses them: `*` is one path segment, `**` any number. */
export function globMatches(glob: string, pathname: string): boolean {
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** The rewrite Hosting applies to a path (query aside), if any. */
export function rewriteFor(rewrites: Rewrite[], urlPath: string): Rewrite | undefined {
  const pathname = urlPath.split('?')[0] ?? '/';
  return rewrites.find((rewrite) => globMatches(rewrite.source, pathname));
}

/** The Functions emulator's address of a function: `<origin>/<project>/<region>/<id>`. */
export const emulatedFunction = (
  functionsOrigin: string,
  projectId: string,
  { functionId, region }: { functionId: string; region: string },
) => `${functionsOrigin}/${projectId}/${region}/${functionId}`;

export interface Exchange {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

// Headers of one connection (and HTTP/2's pseudo-headers), never forwarded; HTTP/2 refuses them.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
  'host',
]);

function forwardable(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/**
 * Sends a request on to `base` + its path and query, with its method, headers and body, and
 * answers with the status, headers and body that came back (bytes as they are: no decompression).
 */
export function forward(
  base: string,
  request: { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer },
): Promise<Exchange> {
  const target = new URL(`${base.replace(/\/$/, '')}${request.path}`);
  const headers = forwardable(request.headers);
  if (request.body.length > 0) headers['content-length'] = String(request.body.length);
  else delete headers['content-length'];
  return new Promise((resolve, reject) => {
    const outgoing = http.request(target, { method: request.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const answer = forwardable(response.headers);
        if (answer['content-length'] !== undefined) answer['content-length'] = String(body.length);
        resolve({ status: response.statusCode ?? 502, headers: answer, body });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Reads a request's whole body. */
export function bodyOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
