import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { queueAccountNotice } from '../outbox';
import { writeAudit } from '../platform/audit';
import { authenticate } from '../platform/http/caller';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';
import {
  AuthenticationAnswer,
  BrowserId,
  browserKey,
  challengeOf,
  limitChallenges,
  passkeySetup,
  verified,
} from './ceremony';
import { accountStanding, countsFor } from './grant';
import { browserName } from './registration';
import {
  deleteSignInRecords,
  findPasskey,
  hashOf,
  markPasskeyUsed,
  passkeysOf,
  rememberBrowser,
  saveChallenge,
  takeChallenge,
  useRecoveryCode,
  recoveryCodesLeft,
} from './store';

/**
 * POST /api/passkeys/authentication/options: a challenge for navigator.credentials.get(). Signed
 * in (her password, before the passkey step) the options name the account's own passkeys;
 * signed out any passkey may answer (they are discoverable), and its answer names the account.
 */
export const authenticationOptions = endpoint({
  auth: 'anyone',
  async run({ context, request, from }) {
    const { relyingParty } = passkeySetup(context);
    const caller = request.authorization ? await authenticate(request, context) : undefined;
    await limitChallenges(context, caller, from);
    const own = caller ? await passkeysOf(context.db, caller.uid) : [];
    const standing = caller && (await accountStanding(context, caller.uid));
    const options = await generateAuthenticationOptions({
      rpID: relyingParty.rpId,
      userVerification: 'required',
      allowCredentials: own
        .filter((passkey) => !standing || countsFor(standing, passkey))
        .map((passkey) => ({ id: passkey.id, transports: passkey.transports as never })),
    });
    await saveChallenge(context.db, options.challenge, 'authentication', null, context.now());
    return json(200, options);
  },
});

const NOT_REGISTERED =
  'This passkey is not registered here (it may have been removed). Sign in with your password.';

/**
 * POST /api/passkeys/authentication: checks the passkey's answer and returns a custom token the
 * browser signs in with; its ID tokens carry `second_factor: "passkey"` and the sign-in's time.
 */
export const authenticateWithPasskey = endpoint({
  auth: 'anyone',
  unprocessable: true,
  body: v.object({ response: AuthenticationAnswer, browser: BrowserId }),
  async run({ body, context, from }) {
    const { relyingParty, accounts } = passkeySetup(context);
    const now = context.now();
    const challenge = challengeOf(body.response.response.clientDataJSON);
    const passkey = await findPasskey(context.db, body.response.id);
    if (!(await takeChallenge(context.db, challenge, 'authentication', null, now))) {
      throw problems.passkeyRefused('This sign-in has expired or was already used. Try again.');
    }
    if (!passkey) throw problems.passkeyRefused(NOT_REGISTERED);
    const { authenticationInfo } = await verified(() =>
      verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.rpId,
        // The counter is checked below, once the signature is known to be the passkey's own,
        // so that she is told why (a copied passkey) rather than "could not be checked".
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: 0,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      }),
    );
    // Her address, for the emails; a deleted account's passkeys go with it and mint nothing.
    const user = await context.findUser?.(passkey.uid);
    if (user === null) {
      await deleteSignInRecords(context.db, passkey.uid);
      throw problems.passkeyRefused(NOT_REGISTERED);
    }
    if (!countsFor(await accountStanding(context, passkey.uid), passkey)) {
      throw problems.passkeyRefused(
        'This passkey was added before this account became the practice account, so it no longer signs in. Use the passkey you added from your enrolment link, or a recovery code.',
      );
    }
    const account = { uid: passkey.uid, ...user };
    const newCounter = authenticationInfo.newCounter;
    const counted = await context.db.transaction().execute(async (trx) => {
      if (!(await markPasskeyUsed(trx, passkey.id, newCounter, now))) {
        await writeAudit(trx, {
          at: now,
          actorUid: passkey.uid,
          clientUid: passkey.uid,
          action: 'security',
          what: `passkey refused, its signature counter went back: ${passkey.name}`,
        });
        return false;
      }
      await writeAudit(trx, {
        at: now,
        actorUid: passkey.uid,
        clientUid: passkey.uid,
        action: 'security',
        what: `signed in with passkey: ${passkey.name}`,
      });
      await noteBrowser(trx, account, browserKey(body.browser, from), from, now);
      return true;
    });
    context.outbox.deliver();
    if (!counted) {
      throw problems.passkeyRefused(
        `Your passkey "${passkey.name}" answered with a signature count lower than before, which a copied passkey does. It was not accepted: sign in with another passkey or a recovery code, then remove this one on your account's passkeys page.`,
      );
    }
    const token = await accounts.mintToken(passkey.uid, { second_factor: 'passkey' });
    return json(200, { token });
  },
});

/**
 * POST /api/passkeys/recovery: one recovery code in place of her passkey, for one sign-in; the
 * browser then asks her to add a new passkey. Every use, and every code refused, emails her; a
 * refused code is audited too.
 */
export const signInWithRecoveryCode = endpoint({
  auth: 'client',
  unprocessable: true,
  body: v.object({
    code: v.pipe(v.string(), v.trim(), v.maxLength(40)),
    browser: BrowserId,
  }),
  async run({ caller, body, context, from }) {
    const { accounts } = passkeySetup(context);
    const now = context.now();
    const { grant } = await accountStanding(context, caller.uid);
    const account = { uid: caller.uid, email: caller.email, name: caller.name };
    const notice = {
      to: 'client' as const,
      at: now,
      browser: browserName(from),
      name: caller.name,
    };
    const left = await context.db.transaction().execute(async (trx) => {
      if (!(await useRecoveryCode(trx, caller.uid, grant, body.code, now))) {
        await writeAudit(trx, {
          at: now,
          actorUid: caller.uid,
          clientUid: caller.uid,
          action: 'security',
          what: 'recovery code refused',
        });
        if (caller.email) {
          await queueAccountNotice(
            trx,
            { ...notice, kind: 'recovery-code-failed' },
            { uid: caller.uid, email: caller.email, once: randomUUID(), now },
          );
        }
        return undefined;
      }
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: 'signed in with a recovery code',
      });
      await noteBrowser(trx, account, browserKey(body.browser, from), from, now);
      const remaining = await recoveryCodesLeft(trx, caller.uid, grant);
      if (caller.email) {
        await queueAccountNotice(
          trx,
          { ...notice, kind: 'recovery-code-used', left: remaining },
          { uid: caller.uid, email: caller.email, once: randomUUID(), now },
        );
      }
      return remaining;
    });
    context.outbox.deliver();
    if (left === undefined) {
      throw problems.passkeyRefused(
        'That recovery code is not one of yours, or it was used already. Check it and try another.',
      );
    }
    const token = await accounts.mintToken(caller.uid, { second_factor: 'recovery-code' });
    return json(200, { token, recoveryCodesLeft: left });
  },
});

/**
 * Remembers the browser (browserKey); a new one is written in the audit log as the sign-in's
 * browser, and the account hears of it by email ("Not you? Sign out everywhere"), in the same
 * transaction.
 */
async function noteBrowser(
  db: ApiContext['db'],
  account: { uid: string; email?: string; name?: string },
  browser: string,
  from: string,
  now: Date,
): Promise<void> {
  const { uid, email } = account;
  if (!(await rememberBrowser(db, uid, browser, now))) return;
  const name = browserName(from);
  await writeAudit(db, {
    at: now,
    actorUid: uid,
    clientUid: uid,
    action: 'security',
    what: `first sign-in from ${name}`,
  });
  if (email) {
    await queueAccountNotice(
      db,
      { kind: 'sign-in-alert', to: 'client', at: now, browser: name, name: account.name ?? '' },
      { uid, email, once: hashOf(browser), now },
    );
  }
}
