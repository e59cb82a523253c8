import * as v from 'valibot';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { writeAudit } from '../platform/audit';
import { requireSecondFactor } from '../platform/http/caller';
import { endpoint, type PasskeyRules } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext, type Caller } from '../platform/http/types';
import {
  BrowserId,
  challengeOf,
  passkeySetup,
  RegistrationAnswer,
  sessionNow,
  verified,
} from './ceremony';
import { clearEnrolment, validEnrolment } from './enrolment';
import {
  passkeysOf,
  replaceRecoveryCodes,
  saveChallenge,
  savePasskey,
  takeChallenge,
  useEnrolment,
  rememberBrowser,
} from './store';

const Enrolment = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{20,100}$/)));

/**
 * Who may add a passkey: her first only through the enrolment link; any further one (and a
 * client's second) only with a passkey used in the last 5 minutes. A client's first needs only
 * the client's own sign-in. Returns the enrolment link's hash when one is being used.
 */
async function mayAddPasskey(
  context: ApiContext,
  caller: Caller,
  rules: PasskeyRules,
  enrolment: string | undefined,
): Promise<string | undefined> {
  const existing = await passkeysOf(context.db, caller.uid);
  if (existing.length > 0) {
    requireSecondFactor(caller, sessionNow(context), true);
    return undefined;
  }
  if (rules === 'practitioner') return validEnrolment(context, caller, enrolment);
  return undefined;
}

/** POST /api/passkeys/registration/options: the options for navigator.credentials.create(). */
export const registrationOptions = endpoint({
  auth: 'ownPasskeys',
  body: v.object({ enrolment: Enrolment }),
  async run({ caller, access, body, context }) {
    const { relyingParty } = passkeySetup(context);
    await mayAddPasskey(context, caller, access, body.enrolment);
    const existing = await passkeysOf(context.db, caller.uid);
    const options = await generateRegistrationOptions({
      rpName: relyingParty.rpName,
      rpID: relyingParty.rpId,
      userName: caller.email || caller.uid,
      userDisplayName: caller.name || caller.email,
      userID: new TextEncoder().encode(caller.uid),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.id,
        transports: passkey.transports as never,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await saveChallenge(context.db, options.challenge, 'registration', caller.uid, context.now());
    return json(200, options);
  },
});

/**
 * POST /api/passkeys/registration: checks the new passkey and keeps it. Her first comes with ten
 * recovery codes, shown this once; every new passkey also signs the browser in with it (`token`).
 */
export const registerPasskey = endpoint({
  auth: 'ownPasskeys',
  unprocessable: true,
  body: v.object({
    enrolment: Enrolment,
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80))),
    response: RegistrationAnswer,
    browser: BrowserId,
  }),
  async run({ caller, access, body, context, from }) {
    const { relyingParty, accounts } = passkeySetup(context);
    const enrolmentHash = await mayAddPasskey(context, caller, access, body.enrolment);
    const now = context.now();
    const challenge = challengeOf(body.response.response.clientDataJSON);
    if (!(await takeChallenge(context.db, challenge, 'registration', caller.uid, now))) {
      throw problems.passkeyRefused('This request has expired or was already used. Try again.');
    }
    const { registrationInfo } = await verified(() =>
      verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.rpId,
        requireUserVerification: true,
      }),
    );
    if (!registrationInfo)
      throw problems.passkeyRefused('Your passkey could not be checked. Try again.');
    const { credential } = registrationInfo;
    const name = body.name ?? browserName(from);
    const recoveryCodes = await context.db.transaction().execute(async (trx) => {
      if (enrolmentHash && !(await useEnrolment(trx, enrolmentHash, caller.uid, now))) {
        throw problems.enrolmentRequired(
          'This enrolment link was already used. Ask for a new one.',
        );
      }
      const first = (await passkeysOf(trx, caller.uid)).length === 0;
      await savePasskey(trx, {
        id: credential.id,
        uid: caller.uid,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: now,
      });
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: enrolmentHash ? `passkey enrolled from the link: ${name}` : `passkey added: ${name}`,
      });
      // This answer signs the browser in: the browser she made her passkey in is one she has used.
      if (body.browser) await rememberBrowser(trx, caller.uid, body.browser, now);
      return first && access === 'practitioner'
        ? replaceRecoveryCodes(trx, caller.uid, now)
        : undefined;
    });
    if (enrolmentHash) await clearEnrolment(context, caller.uid);
    const token = await accounts.mintToken(caller.uid, { second_factor: 'passkey' });
    return json(201, {
      passkey: { id: credential.id, name, createdAt: now.toISOString() },
      ...(recoveryCodes && { recoveryCodes }),
      token,
    });
  },
});

/** A name for a passkey from the browser it was made in, e.g. "Chrome on Linux". */
export function browserName(from: string): string {
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => from.includes(marker as string))?.[1] ?? 'A browser';
  const system = [
    ['iPhone', 'iPhone'],
    ['iPad', 'iPad'],
    ['Android', 'Android'],
    ['Mac OS', 'macOS'],
    ['Windows', 'Windows'],
    ['Linux', 'Linux'],
  ].find(([marker]) => from.includes(marker as string))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
