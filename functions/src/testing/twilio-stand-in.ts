import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for Twilio's Messages API, as the Stripe stand-in is for Stripe: the official
 * SDK talks to it unchanged (texts/twilio-client.ts swaps the host), it keeps every text, lists
 * them on a page (as MailDev lists mail) and as JSON at GET /messages, and sends the delivery
 * callbacks signed as Twilio signs them. Never more lenient than Twilio
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * HTTP Basic auth with the account SID and auth token (else 401, error 20003); `To` in E.164
 * (21211); `From` or `MessagingServiceSid` (21603); a `Body` (21602) of at most 1600 characters
 * (21617); a number that replied STOP is refused (21610, as Twilio's opt-out handling does).
 * Callbacks (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status) go to
 * the `StatusCallback` given, form-encoded, with `X-Twilio-Signature` made by the SDK's own
 * function over that address and the fields: `sent`, then `delivered` or `failed`/`undelivered`
 * with an ErrorCode.
 */

export interface StandInText {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered';
  statusCallback?: string;
}

export interface TwilioStandInOptions {
  host: string;
  port?: number;
  accountSid: string;
  authToken: string;
  /**
   * Where the callbacks really go, when the site's address (which they are signed over, as
   * Twilio signs the address it was given) is not reachable from here: the API tests' server.
   */
  callbackOrigin?: () => string | undefined;
  /** Where a reply is posted (the number's "A message comes in" webhook). */
  inboundUrl?: string;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const MAX_BODY_CHARACTERS = 1600;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function twilioError(status: number, code: number, message: string) {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

export async function startTwilioStandIn(options: TwilioStandInOptions) {
  const texts: StandInText[] = [];
  const optedOut = new Set<string>();
  /** Numbers whose texts the network cannot deliver, with Twilio's error code (30003: unreachable). */
  const undeliverable = new Map<string, number>();
  const pending = new Set<Promise<void>>();

  async function post(url: string, params: Record<string, string>) {
    const signature = twilio.getExpectedTwilioSignature(options.authToken, url, params);
    const target = new URL(url);
    const origin = options.callbackOrigin?.();
    const to = origin ? `${origin}${target.pathname}${target.search}` : url;
    try {
      await fetch(to, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
        },
        body: new URLSearchParams(params).toString(),
      });
    } catch {
      // Twilio does not retry a status callback that fails either.
    }
  }

  function track(work: Promise<void>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  async function sendCallbacks(text: StandInText) {
    const failure = undeliverable.get(text.to);
    for (const status of ['sent', failure ? 'undelivered' : 'delivered'] as const) {
      text.status = status;
      if (!text.statusCallback) continue;
      await post(text.statusCallback, {
        AccountSid: options.accountSid,
        ApiVersion: '2010-04-01',
        From: text.from,
        MessageSid: text.sid,
        MessageStatus: status,
        SmsSid: text.sid,
        SmsStatus: status,
        To: text.to,
        ...(status === 'undelivered' && failure && { ErrorCode: String(failure) }),
      });
    }
  }

  function create(form: URLSearchParams, accountSid: string) {
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to))
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    if (body.length > MAX_BODY_CHARACTERS)
      return twilioError(
        400,
        21617,
        'The concatenated message body exceeds the 1600 character limit.',
      );
    if (optedOut.has(to))
      return twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    const statusCallback = form.get('StatusCallback') ?? undefined;
    const text: StandInText = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from,
      body,
      status: 'queued',
      ...(statusCallback && { statusCallback }),
    };
    texts.push(text);
    track(sendCallbacks(text));
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_updated: now,
        date_sent: null,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        num_segments: String(Math.ceil(body.length / 153) || 1),
        price: null,
        sid: text.sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
      },
    };
  }

  function page(): string {
    const rows = texts
      .map(
        (text) =>
          `<tr><td>${escapeHtml(text.to)}</td><td>${escapeHtml(text.body)}</td><td>${escapeHtml(text.status)}</td></tr>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Texts sent (Twilio stand-in)</title></head><body><main><h1>Texts sent</h1><p>Every text the site sent through the local Twilio stand-in, newest last. JSON: <a href="/messages">/messages</a>.</p><table><thead><tr><th scope="col">To</th><th scope="col">Text</th><th scope="col">Status</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No texts yet.</td></tr>'}</tbody></table></main></body></html>`;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const send = (status: number, body: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      if (request.method === 'GET' && url.pathname === '/messages') {
        send(
          200,
          texts.map(({ to, body, status }) => ({ to, body, status })),
        );
        return;
      }
      if (request.method === 'GET' && url.pathname === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
        return;
      }
      const create_ = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
      if (request.method === 'POST' && create_) {
        const [user, password] = Buffer.from(
          (request.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        )
          .toString('utf8')
          .split(':');
        if (user !== options.accountSid || password !== options.authToken || create_[1] !== user) {
          const error = twilioError(401, 20003, 'Authentication Error - invalid username');
          send(error.status, error.body);
          return;
        }
        const answer = create(new URLSearchParams(Buffer.concat(chunks).toString('utf8')), user);
        send(answer.status, answer.body);
        return;
      }
      send(404, twilioError(404, 20404, 'The requested resource was not found').body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host}:${port}`,
    texts,
    /** Texts to this number will not arrive: Twilio's callback says undelivered with this code. */
    failDeliveryTo: (phone: string, errorCode = 30003) => undeliverable.set(phone, errorCode),
    /** The client replies to the practice's number: posted, signed, to the inbound webhook. */
    reply: async (from: string, body: string, to = '+447700900000') => {
      if (
        ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].includes(
          body.trim().toUpperCase(),
        )
      )
        optedOut.add(from);
      if (!options.inboundUrl) return;
      await post(options.inboundUrl, {
        AccountSid: options.accountSid,
        ApiVersion: '2010-04-01',
        Body: body,
        From: from,
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        NumMedia: '0',
        To: to,
      });
    },
    /** Resolves once every callback so far has been posted. */
    idle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    reset: () => {
      texts.length = 0;
      optedOut.clear();
      undeliverable.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
