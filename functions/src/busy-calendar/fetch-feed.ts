import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** How the function may reach a calendar address. */
export interface FeedRules {
  /**
   * The local stacks and the tests: `http://127.0.0.1:<port>` too, so a test can serve a feed.
   * Production (absent or false): `https` to public addresses only.
   */
  allowLocalFeeds?: boolean;
  /** The whole read, redirects included (10 s unless a test shortens it). */
  timeoutMs?: number;
}

export const FEED_LIMITS = {
  /** A year of a busy calendar is well under 1 MB; Google caps its own feeds far below this. */
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  timeoutMs: 10_000,
} as const;

/** A feed that could not be read, with a sentence she can act on. */
export class FeedError extends Error {}

/** Addresses the function must never be made to call: private, loopback, link-local and the like. */
const notPublic = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (family === 'ipv6' && address.toLowerCase().startsWith('::ffff:')) {
    const mapped = address.slice(7);
    if (net.isIPv4(mapped)) return !notPublic.check(mapped, 'ipv4');
  }
  return !notPublic.check(address, family);
}

const LOCAL_FEED_HOST = '127.0.0.1';

/** The address as the function will fetch it (`webcal://` is `https://`), or why it may not. */
export function feedAddress(text: string, rules: FeedRules): URL {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcal:\/\//i, 'https://'));
  } catch {
    throw new FeedError('Paste the whole address, starting https:// or webcal://.');
  }
  if (url.username || url.password) {
    throw new FeedError('Paste the address without a user name or password in it.');
  }
  const local =
    rules.allowLocalFeeds && url.protocol === 'http:' && url.hostname === LOCAL_FEED_HOST;
  if (local) return url;
  if (url.protocol !== 'https:') {
    throw new FeedError('Paste an address starting https:// or webcal://.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host)) {
    throw new FeedError(
      'That address is on a private network: paste your calendar’s public address.',
    );
  }
  return url;
}

/** Resolves a host name, refusing it if any address it has is not public (checked at connect time). */
const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) {
      return callback(
        new FeedError(
          'That address leads to a private network: paste your calendar’s public address.',
        ),
        '',
        4,
      );
    }
    if ((options as dns.LookupOptions).all) return callback(null, list as never, 4);
    const [first] = list as [dns.LookupAddress];
    callback(null, first.address, first.family);
  });
};

interface Answer {
  status: number;
  location?: string;
  body?: string;
}

function getOnce(url: URL, signal: AbortSignal): Promise<Answer> {
  const local = url.protocol === 'http:';
  const client = local ? http : https;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'MindfulPath-calendar/1' },
        ...(!local && { lookup: publicOnlyLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({
            status,
            ...(response.headers.location && { location: response.headers.location }),
          });
          return;
        }
        if (status !== 200) {
          response.resume();
          resolve({ status });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > FEED_LIMITS.maxBytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > FEED_LIMITS.maxBytes) {
            response.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const tooLarge = () =>
  new FeedError(
    `The calendar is larger than ${FEED_LIMITS.maxBytes / 1024 / 1024} MB: share a calendar with fewer past events.`,
  );

/**
 * The feed's text: `https` to public addresses only (unless the local stacks allow 127.0.0.1),
 * every redirect checked again, at most FEED_LIMITS.maxRedirects of them, within the timeout and
 * the size limit. Throws a FeedError with a sentence she can act on; never logs the address.
 */
export async function fetchFeed(address: string, rules: FeedRules): Promise<string> {
  const timeoutMs = rules.timeoutMs ?? FEED_LIMITS.timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = feedAddress(address, rules);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const answer = await getOnce(url, signal);
      if (answer.location !== undefined) {
        if (redirects >= FEED_LIMITS.maxRedirects) {
          throw new FeedError(
            'The address redirects too many times: paste the calendar’s own address.',
          );
        }
        url = feedAddress(new URL(answer.location, url).toString(), rules);
        continue;
      }
      if (answer.body === undefined) {
        throw new FeedError(
          answer.status === 404 || answer.status === 410
            ? 'Your calendar says there is no calendar at that address: copy it again.'
            : `Your calendar answered ${answer.status}: check the address is its secret iCal address.`,
        );
      }
      return answer.body;
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (signal.aborted) {
      throw new FeedError(
        `Your calendar did not answer within ${timeoutMs / 1000} seconds: try again later.`,
      );
    }
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND') throw new FeedError('No such address: check it was pasted whole.');
    throw new FeedError('Your calendar could not be reached: check the address and try again.');
  }
}
