import type { RouteTable } from '../platform/http/router';
import {
  authenticateWithPasskey,
  authenticationOptions,
  signInWithRecoveryCode,
} from './authentication';
import {
  finishReview,
  listPasskeys,
  removePasskey,
  renewRecoveryCodes,
  signOutEverywhere,
} from './manage';
import { registerPasskey, registrationOptions } from './registration';

export const passkeyRoutes: RouteTable = {
  '/passkeys': { GET: listPasskeys },
  '/passkeys/registration/options': { POST: registrationOptions },
  '/passkeys/registration': { POST: registerPasskey },
  '/passkeys/authentication/options': { POST: authenticationOptions },
  '/passkeys/authentication': { POST: authenticateWithPasskey },
  '/passkeys/recovery': { POST: signInWithRecoveryCode },
  '/passkeys/recovery-codes': { POST: renewRecoveryCodes },
  '/passkeys/review': { POST: finishReview },
  // After the fixed paths: the first pattern that fits wins.
  '/passkeys/:id': { DELETE: removePasskey },
  '/account/sign-out-everywhere': { POST: signOutEverywhere },
};
