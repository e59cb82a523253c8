import * as v from 'valibot';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { queueAccountNotice } from '../outbox';
import { writeAudit } from '../platform/audit';
import { requireSecondFactor } from '../platform/http/caller';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext, type Caller } from '../platform/http/types';
import {
  BrowserId,
  browserKey,
  challengeOf,
  limitChallenges,
  passkeySetup,
  RegistrationAnswer,
  sessionNow,
  verified,
} from './ceremony';
import { clearEnrolment, validEnrolment } from './enrolment';
import { accountStanding, countsFor, type AccountStanding } from './grant';
import {
  deletePasskeysOutsideGrant,
  passkeysOf,
  replaceRecoveryCodes,
  saveChallenge,
  savePasskey,
  takeChallenge,
  useEnrolment,
  rememberBrowser,
} from './store';

const Enrolment = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{20,100}$/)));

/** How a passkey may be added, and under which grant it is kept. */
interface Addition {
  /** Her enrolment link's hash, when it is what lets her add this one. */
  enrolmentHash?: string;
  standing: AccountStanding;
}

/**
 * Who may add a passkey: the practitioner's first of her grant only through the enrolment link
 * (a passkey the account had before the grant does not count); any further one (and a client's
 * second) only with a passkey used in the last 5 minutes. A client's first needs only the
 * client's own sign-in.
 */
async function mayAddPasskey(
  context: ApiContext,
  caller: Caller,
  enrolment: string | undefined,
): Promise<Addition> {
  const standing = await accountStanding(context, caller.uid);
  const existing = (await passkeysOf(context.db, caller.uid)).filter((passkey) =>
    countsFor(standing, passkey),
  );
  if (existing.length > 0) {
    requireSecondFactor(caller, sessionNow(context), true);
    return { standing };
  }
  if (standing.practitioner) {
    return { standing, enrolmentHash: await validEnrolment(context, caller, enrolment) };
  }
  return { standing };
}

/** POST /api/passkeys/registration/options: the options for navigator.credentials.create(). */
export const registrationOptions = endpoint({
  auth: 'client',
  body: v.object({ enrolment: Enrolment }),
  async run({ caller, body, context, from }) {
    const { relyingParty } = passkeySetup(context);
    await mayAddPasskey(context, caller, body.enrolment);
    await limitChallenges(context, caller, from);
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
 * POST /api/passkeys/registration: checks the new passkey and keeps it, under her grant. Her
 * first of a grant (through the link) comes with ten recovery codes, shown this once, and
 * removes every passkey and code the account had before; every new passkey also signs the
 * browser in with it (`token`), and emails the account.
 */
export const registerPasskey = endpoint({
  auth: 'client',
  unprocessable: true,
  body: v.object({
    enrolment: Enrolment,
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80))),
    response: RegistrationAnswer,
    browser: BrowserId,
  }),
  async run({ caller, body, context, from }) {
    const { relyingParty, accounts } = passkeySetup(context);
    const { enrolmentHash, standing } = await mayAddPasskey(context, caller, body.enrolment);
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
      // Her grant starts clean: what the account held before it signs in as no one.
      if (enrolmentHash && standing.grant) {
        await deletePasskeysOutsideGrant(trx, caller.uid, standing.grant);
      }
      await savePasskey(trx, {
        id: credential.id,
        uid: caller.uid,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: now,
        practitionerGrant: standing.grant,
      });
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: enrolmentHash ? `passkey enrolled from the link: ${name}` : `passkey added: ${name}`,
      });
      if (caller.email) {
        await queueAccountNotice(
          trx,
          {
            kind: 'passkey-added',
            to: 'client',
            at: now,
            browser: browserName(from),
            name: caller.name,
            passkey: name,
          },
          { uid: caller.uid, email: caller.email, once: credential.id, now },
        );
      }
      // This answer signs the browser in: the browser she made her passkey in is one she has used.
      await rememberBrowser(trx, caller.uid, browserKey(body.browser, from), now);
      return enrolmentHash ? replaceRecoveryCodes(trx, caller.uid, standing.grant, now) : undefined;
    });
    context.outbox.deliver();
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
