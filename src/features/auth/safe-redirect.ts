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

interface RememberedPage {
  pathname: string;
  search: string;
  hash: string;
}

/** The checked `{ from }` of router state: a safe path on this site that is not an account form. */
function rememberedPage(state: unknown): RememberedPage | undefined {
  if (!state || typeof state !== 'object' || !('from' in state)) return undefined;
  const { from } = state as { from: unknown };
  if (!from || typeof from !== 'object') return undefined;
  const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || typeof search !== 'string' || typeof hash !== 'string') {
    return undefined;
  }
  if (!isSitePath(`${pathname}${search}${hash}`)) return undefined;
  // Never send a visitor back to the form they just used.
  if (pathname === paths.login || pathname === paths.register) return undefined;
  return { pathname, search, hash };
}

/** The page a visitor was on their way to when the gate sent them to log in, if it is safe. */
export function rememberedTarget(state: unknown): string | undefined {
  const page = rememberedPage(state);
  return page && `${page.pathname}${page.search}${page.hash}`;
}

/** Where to go after logging in: the remembered page, or `/`. */
export function redirectTarget(state: unknown): string {
  return rememberedTarget(state) ?? siteRoot;
}

/**
 * Router state that carries the remembered page on, from log in to register and back, so the
 * visitor still arrives where they were going; undefined when nothing safe is remembered.
 */
export function carryTarget(state: unknown): { from: RememberedPage } | undefined {
  const page = rememberedPage(state);
  return page && { from: page };
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
