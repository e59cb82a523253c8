import type { ApiContext } from '../platform/http/types';
import { passkeySetup } from './ceremony';

/**
 * The custom claim `npm run practitioner` (scripts/practitioner.mjs) writes with each grant: the
 * SHA-256 of that grant's enrolment link. Her passkeys and recovery codes are made under it (the
 * first through the link, the rest with a passkey of the grant); one made before the grant (an
 * account someone else opened with her email) never counts as her second factor.
 */
export const GRANT_CLAIM = 'practitioner_grant';

/** What the account is to the passkey rules, from its claims as Firebase Auth holds them now. */
export interface AccountStanding {
  practitioner: boolean;
  /** The grant her passkeys must be made under; null for a client (and a grant made before grants were named). */
  grant: string | null;
}

export async function accountStanding(context: ApiContext, uid: string): Promise<AccountStanding> {
  const claims = await passkeySetup(context).accounts.claimsOf(uid);
  const practitioner = claims.practitioner === true;
  const grant = claims[GRANT_CLAIM];
  return { practitioner, grant: practitioner && typeof grant === 'string' ? grant : null };
}

/** True when the passkey may sign the account in: a client's any, the practitioner's of her grant. */
export const countsFor = (
  standing: AccountStanding,
  passkey: { practitionerGrant: string | null },
) => !standing.practitioner || passkey.practitionerGrant === standing.grant;
