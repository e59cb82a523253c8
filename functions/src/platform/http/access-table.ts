import type { Access, Relationship } from './endpoint';

/**
 * The one table of who may do what to whom. The route test (routes.test.ts) walks every route
 * as every kind of caller against it, and `npm run docs:api` writes it into docs/api.md and
 * docs/passkeys.md. What each route needs is its declaration (endpoint.ts: `auth`, and for a
 * client route that names a thing, its `relation`); this says which callers that lets in.
 */
export const CALLER_KINDS = {
  anonymous: 'Not signed in',
  unverified: 'Signed in, email not verified',
  client: 'A client (the booker or owner of the thing named)',
  otherClient: 'Another client',
  passwordOnly: 'The practitioner with her password alone (no passkey step)',
  practitioner: 'The practitioner with her passkey, used within 12 hours',
  passkeyLongAgo: 'The practitioner with her passkey, used 13 hours ago',
  participant: 'A participant who joined before the session',
  lateParticipant: 'A participant who joined after the session began',
} as const;
export type CallerKind = keyof typeof CALLER_KINDS;
export const CALLERS = Object.keys(CALLER_KINDS) as CallerKind[];

/** The practitioner's account, whatever step her sign-in had. */
const HER: readonly CallerKind[] = ['passwordOnly', 'practitioner', 'passkeyLongAgo'];

/** A refusal: its status and problem type (`/api/problems/<type>`). */
export interface Refusal {
  status: number;
  type: string;
}
const refusal = (status: number, type: string): Refusal => ({ status, type });

/**
 * How a route's declared access answers each kind of caller before any handler runs: null when
 * the caller passes on to the handler (and, for a route that names a thing, to its relation).
 */
export function declaredRefusal(access: Access, kind: CallerKind): Refusal | null {
  if (access === 'anyone') return null;
  if (kind === 'anonymous') return refusal(401, 'not-signed-in');
  if (access === 'practitioner') {
    if (!HER.includes(kind)) return refusal(403, 'not-practitioner');
    if (kind !== 'practitioner') return refusal(403, 'second-factor-required');
    return null;
  }
  if (access === 'verified' && kind === 'unverified') return refusal(403, 'email-not-verified');
  return null;
}

/** The things the table speaks of, and who each kind of caller is to them. */
export type Thing = 'session ahead' | 'session held' | 'other';

/**
 * Whether a kind of caller stands in one of `who`'s relationships to a thing: the client booked
 * and owns everything named; a participant is one from when they joined (a session held before
 * that is not theirs); another client is only ever invited.
 */
export function related(kind: CallerKind, who: readonly Relationship[], thing: Thing): boolean {
  return who.some((relationship) => {
    switch (relationship) {
      case 'booker':
      case 'owner':
        return kind === 'client';
      case 'participant':
        return kind === 'participant' || (kind === 'lateParticipant' && thing === 'session ahead');
      case 'invitee':
        return kind === 'otherClient';
    }
  });
}

/** Whether the table lets a kind of caller have a 2xx from a route, on a thing it names. */
export function mayCall(
  route: { auth: Access; relation?: { who: readonly Relationship[] } },
  kind: CallerKind,
  thing: Thing = 'other',
): boolean {
  if (declaredRefusal(route.auth, kind)) return false;
  return route.relation ? related(kind, route.relation.who, thing) : true;
}
