// `node scripts/bench/serve-api.ts PORT STATIC_ORIGIN API_URL`: for `--signed-in` over HTTP/1.1, a
// front for the static server (reference/serve.mjs at STATIC_ORIGIN, which knows no
// API): `/api/**` goes to the function at API_URL (the bench stack's Functions emulator) and
// firebase.json's destination rewrites to their page, as Hosting does; everything else, bytes and
// headers as they are, to the static server. serve-http2.ts does the same itself (--api).
import http from 'node:http';
import { bodyOf, forward, hostingRewrites, rewriteFor } from './hosting-rewrites.ts';

function main() {
  const [port = '', staticOrigin = '', api = ''] = process.argv.slice(2);
  if (!port || !staticOrigin || !api) {
    console.error('Usage: node scripts/bench/serve-api.ts PORT STATIC_ORIGIN API_URL');
    process.exit(2);
  }
  const rewrites = hostingRewrites();
  const server = http.createServer((request, response) => {
    void (async () => {
      const urlPath = request.url ?? '/';
      const rewrite = rewriteFor(rewrites, urlPath);
      const query = urlPath.includes('?') ? urlPath.slice(urlPath.indexOf('?')) : '';
      const [base, path] = rewrite?.function
        ? [api, urlPath]
        : [staticOrigin, rewrite?.destination ? `${rewrite.destination}${query}` : urlPath];
      try {
        const answer = await forward(base, {
          method: request.method ?? 'GET',
          path,
          headers: request.headers,
          body: await bodyOf(request),
        });
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      } catch (error) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`${base} did not answer: ${String(error)}`);
      }
    })();
  });
  server.listen(Number(port), '127.0.0.1', () => {
    console.log(
      `serving ${staticOrigin} on http://127.0.0.1:${port} (HTTP/1.1, /api/** to ${api})`,
    );
  });
}

if (import.meta.filename === process.argv[1]) main();
