import { paths, siteRoot } from '../../config/routes';

const PROBE_ORIGIN = 'https://site.invalid';
const MAX_LENGTH = 2000;

/** True when `target` is a path on this site: no scheme, no other host, no control characters. */
export function isSitePath(target: string): boolean {
  if (target.length === 0 || target.length > MAX_LENGTH) return false;
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  // Backslashes and control characters are how "/\evil.example" style tricks get through.
  if (/[\\\p{Cc}]/u.test(target)) return false;
  try {
    const url = new URL(target, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/** Where to go after signing in: the remembered location from router state, or `/`. */
export function redirectTarget(state: unknown): string {
  const fallback = siteRoot;
  if (!state || typeof state !== 'object' || !('from' in state)) return fallback;
  const { from } = state as { from: unknown };
  if (!from || typeof from !== 'object') return fallback;
  const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || typeof search !== 'string' || typeof hash !== 'string') {
    return fallback;
  }
  const target = `${pathname}${search}${hash}`;
  if (!isSitePath(target)) return fallback;
  // Never send a visitor back to the form they just used.
  if (pathname === paths.login || pathname === paths.register) return fallback;
  return target;
}

/**
 * The site path inside a continue URL from an emailed link, or null: only an absolute URL on one
 * of `siteOrigins` (this page's origin, the configured site address), through the same check.
 */
export function continuePath(continueUrl: string | null | undefined, siteOrigins: string[]) {
  if (!continueUrl || continueUrl.length > MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(continueUrl);
  } catch {
    return null;
  }
  if (!siteOrigins.includes(url.origin)) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(target) ? target : null;
}
