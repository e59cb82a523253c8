import type { RestoredSession } from './early-reads';

/**
 * The sign-in gates' decisions on a restored session, for reads started before they render
 * (src/lib/early-reads.ts): RequireSignIn opens for any signed-in account; RequireVerifiedEmail,
 * and the parts of a page shown only to a verified account, once the address is verified.
 */
export const opensForAnySignedIn = () => true;
export const opensForVerifiedEmail = ({ user }: RestoredSession) => user.emailVerified;
