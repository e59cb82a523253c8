import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_LIMITS } from '../../../../shared/limits';
import type { ApiRequest, ApiResponse } from './types';

const MAX_BODY_BYTES = API_LIMITS.maxBodyBytes;

/** Reads what the handlers need from any Node request (Cloud Functions' Express one included). */
export function toApiRequest(
  request: {
    method?: string | undefined;
    url?: string | undefined;
    headers: IncomingMessage['headers'];
    socket?: { remoteAddress?: string | undefined };
  },
  rawBody: Buffer | undefined,
): ApiRequest {
  const url = new URL(request.url ?? '/', 'http://function.local');
  // The Hosting rewrite passes /api/…; the emulator's direct URL strips the function's own prefix.
  const path = url.pathname.replace(/^\/api(?=\/|$)/, '').replace(/\/+$/, '') || '/';
  const hasBody = rawBody !== undefined && rawBody.length > 0;
  let body: unknown;
  let bodyUnreadable = false;
  const declared = Number(request.headers['content-length']);
  const bodyBytes = Math.max(rawBody?.length ?? 0, Number.isFinite(declared) ? declared : 0);
  const bodyTooLarge = bodyBytes > MAX_BODY_BYTES;
  if (hasBody && !bodyTooLarge) {
    const isJson = /^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');
    try {
      if (!isJson) throw new Error('not JSON');
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      bodyUnreadable = true;
    }
  }
  return {
    method: (request.method ?? 'GET').toUpperCase(),
    path,
    query: url.searchParams,
    authorization: request.headers.authorization,
    from: requestOrigin(request),
    body,
    bodyUnreadable,
    ...(bodyTooLarge && { bodyTooLarge: bodyBytes }),
    ...(rawBody && { rawBody }),
    ...(typeof request.headers['stripe-signature'] === 'string' && {
      stripeSignature: request.headers['stripe-signature'],
    }),
    ...(typeof request.headers['x-twilio-signature'] === 'string' && {
      twilioSignature: request.headers['x-twilio-signature'],
    }),
  };
}

export function writeApiResponse(response: ServerResponse, answer: ApiResponse): void {
  const headers = { 'cache-control': 'no-store', ...answer.headers };
  if (answer.body === undefined) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  if (answer.body instanceof Uint8Array) {
    response.writeHead(answer.status, headers).end(answer.body);
    return;
  }
  response.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
}

/**
 * Collects a plain node:http request body (tests and the benchmark serve the API this way). Past
 * the limit it keeps reading (so the client can read the answer) but keeps nothing more.
 */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES + 1) chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Where a request came from, for records that must say so (the therapy agreement): the client's
 * address (the first X-Forwarded-For hop behind Google's front end) and its browser.
 */
function requestOrigin(request: {
  headers: IncomingMessage['headers'];
  socket?: { remoteAddress?: string | undefined };
}): string {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')[0]
    ?.trim();
  const address = forwarded || request.socket?.remoteAddress || 'an unknown address';
  const browser = String(request.headers['user-agent'] ?? 'an unknown browser').slice(0, 200);
  return `${address.slice(0, 64)}, ${browser}`;
}
