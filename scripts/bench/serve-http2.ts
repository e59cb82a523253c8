// `node scripts/bench/serve-http2.ts DIR PORT [--api URL]`: the bench's static server over HTTP/2
// with TLS, as Firebase Hosting serves the site (one connection, every request multiplexed on it).
// Otherwise the static server's rules (reference/serve.mjs): gzip level 9 for text, a folder's
// index.html, 404.html with status 404, the SPA fallback for paths without an extension, and
// immutable caching for /assets/; plus firebase.json's destination rewrites (a client's record).
// With --api, `/api/**` goes to that function's address (the bench stack's Functions emulator), as
// Hosting's rewrite does (hosting-rewrites.ts). The certificate is self-signed for localhost (where the
// bench opens its sites: processes.ts) and 127.0.0.1, made here with openssl; the bench's browser contexts accept it (`ignoreHTTPSErrors`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { bodyOf, forward, hostingRewrites, rewriteFor } from './hosting-rewrites.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/** A key and a self-signed certificate for localhost and 127.0.0.1, valid for a day. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ], { stdio: 'ignore' });
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The file a path serves and its status, by the static server's rules (reference/serve.mjs). */
export function resolveFile(root: string, urlPath: string): { file: string; status: number } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    decoded = '/';
  }
  const candidate = path.join(root, path.normalize(decoded));
  const inside = candidate.startsWith(root);
  const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile();
  if (inside && isFile(candidate)) return { file: candidate, status: 200 };
  if (inside && isFile(path.join(candidate, 'index.html')))
    return { file: path.join(candidate, 'index.html'), status: 200 };
  if (inside && isFile(`${candidate}.html`)) return { file: `${candidate}.html`, status: 200 };
  if (!path.extname(decoded)) return { file: path.join(root, 'index.html'), status: 200 };
  return { file: path.join(root, '404.html'), status: 404 };
}

const cache = new Map<string, { raw: Buffer; gz: Buffer }>();
function load(file: string) {
  let entry = cache.get(file);
  if (!entry) {
    const raw = fs.readFileSync(file);
    entry = { raw, gz: zlib.gzipSync(raw, { level: 9 }) };
    cache.set(file, entry);
  }
  return entry;
}

/** Answers an /api request with what the function answered (502 if it could not be reached). */
async function forwardStream(
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  api: string,
): Promise<void> {
  try {
    const answer = await forward(api, {
      method: String(headers[':method'] ?? 'GET'),
      path: String(headers[':path'] ?? '/'),
      headers,
      body: await bodyOf(stream),
    });
    if (stream.destroyed) return;
    stream.respond({ ':status': answer.status, ...answer.headers });
    stream.end(answer.body);
  } catch (error) {
    if (stream.destroyed) return;
    stream.respond({ ':status': 502, 'content-type': 'text/plain' });
    stream.end(`The function did not answer: ${String(error)}`);
  }
}

function main() {
  const root = path.resolve(process.argv[2] ?? '.');
  const port = Number(process.argv[3] ?? 4443);
  const apiAt = process.argv.indexOf('--api');
  const api = apiAt > -1 ? process.argv[apiAt + 1] : undefined;
  const rewrites = hostingRewrites();
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false });
  server.on('stream', (stream, headers) => {
    const urlPath = String(headers[':path'] ?? '/');
    const rewrite = rewriteFor(rewrites, urlPath);
    if (rewrite?.function && api) return void forwardStream(stream, headers, api);
    const { file, status } = resolveFile(root, rewrite?.destination ?? urlPath);
    if (!fs.existsSync(file)) {
      stream.respond({ ':status': 404, 'content-type': 'text/plain' });
      return stream.end('Not found');
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const { raw, gz } = load(file);
    const gzip =
      COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(headers['accept-encoding'] ?? ''));
    const body = gzip ? gz : raw;
    stream.respond({
      ':status': status,
      'content-type': type,
      vary: 'Accept-Encoding',
      'cache-control': urlPath.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      ...(gzip && { 'content-encoding': 'gzip' }),
      'content-length': body.length,
    });
    stream.end(headers[':method'] === 'HEAD' ? undefined : body);
  });
  server.listen(port, '127.0.0.1', () => {
    console.log(
      `serving ${root} on https://127.0.0.1:${port} (HTTP/2${api ? `, /api/** to ${api}` : ''})`,
    );
  });
}

if (import.meta.filename === process.argv[1]) main();
