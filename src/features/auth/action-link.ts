import * as v from 'valibot';
import { config } from '../../config/env';
import type { ActionCodeSettings } from '../../lib/firebase';
import { continuePath } from './safe-redirect';

/** The kinds of emailed link /auth/action handles (the identity provider's `mode` values). */
const ACTION_MODES = [
  'verifyEmail',
  'resetPassword',
  'recoverEmail',
  'verifyAndChangeEmail',
] as const;

export type ActionMode = (typeof ACTION_MODES)[number];

const ActionLinkSchema = v.object({
  mode: v.picklist(ACTION_MODES),
  // Real codes are 54+ URL-safe characters; anything else is not worth sending to the server.
  oobCode: v.pipe(v.string(), v.regex(/^[\w-]{10,500}$/)),
});

export type ActionLink =
  | { valid: true; mode: ActionMode; oobCode: string; continueTo: string | null }
  | { valid: false; mode: ActionMode | null };

/** Reads /auth/action's query: which link this is, its code, and where to go next (same site only). */
export function parseActionLink(search: URLSearchParams, siteOrigins: string[]): ActionLink {
  const mode = search.get('mode');
  const knownMode = v.is(v.picklist(ACTION_MODES), mode) ? mode : null;
  const result = v.safeParse(ActionLinkSchema, { mode, oobCode: search.get('oobCode') });
  if (!result.success) return { valid: false, mode: knownMode };
  return {
    valid: true,
    mode: result.output.mode,
    oobCode: result.output.oobCode,
    continueTo: continuePath(search.get('continueUrl'), siteOrigins),
  };
}

/** The origins an emailed continue URL may point at. */
export function siteOrigins(): string[] {
  return [...new Set([window.location.origin, new URL(config.siteUrl).origin])];
}

/** Email-link settings that bring the visitor back to `path` on this site once they follow it. */
export function continueTo(path: string): ActionCodeSettings {
  return { url: `${config.siteUrl}${path}` };
}
