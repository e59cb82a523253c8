#!/usr/bin/env node
// Tiny dependency-free static server for performance anchors.
// Usage: node serve.mjs <root-dir> [port=4173] [--no-spa] [--no-gzip]
// - binds 127.0.0.1 only
// - gzip (level 9) for text assets when the client accepts it (like any real CDN/host)
// - SPA fallback: unknown paths without a file extension get <root>/index.html
// - hashed assets under /static/ or /assets/ get immutable cache headers; others no-cache
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const pos = args.filter((a) => !a.startsWith('--'));
const root = path.resolve(pos[0] || '.');
const port = Number(pos[1] || process.env.PORT || 4173);
const spa = !flags.has('--no-spa');
const gzipOn = !flags.has('--no-gzip');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;
const cache = new Map(); // file -> {mtimeMs, raw, gz}

function load(file) {
  const st = fs.statSync(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs) return hit;
  const raw = fs.readFileSync(file);
  const entry = { mtimeMs: st.mtimeMs, raw, gz: zlib.gzipSync(raw, { level: 9 }) };
  cache.set(file, entry);
  return entry;
}

function resolveFile(urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(p));
  if (!file.startsWith(root)) return null;
  try {
    const st = fs.statSync(file);
    if (st.isFile()) return file;
    if (st.isDirectory()) {
      const idx = path.join(file, 'index.html');
      if (fs.existsSync(idx)) return idx;
    }
  } catch {
    /* not found */
  }
  if (fs.existsSync(file + '.html')) return file + '.html';
  return null;
}

const server = http.createServer((req, res) => {
  const urlPath = (req.url || '/').split('?')[0];
  let file = resolveFile(urlPath);
  let status = 200;
  if (!file && spa && !path.extname(urlPath)) file = path.join(root, 'index.html');
  if (!file || !fs.existsSync(file)) {
    const nf = path.join(root, '404.html');
    if (fs.existsSync(nf)) {
      file = nf;
      status = 404;
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
  }
  const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
  const { raw, gz } = load(file);
  const headers = { 'content-type': type, vary: 'Accept-Encoding' };
  headers['cache-control'] = /\/(static|assets)\//.test(urlPath)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  let body = raw;
  if (gzipOn && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
    body = gz;
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`serving ${root} on http://127.0.0.1:${port} (spa=${spa}, gzip=${gzipOn})`);
});
