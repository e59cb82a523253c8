import * as v from 'valibot';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { queueAccountNotice } from '../messages';
import { writeAudit } from '../platform/audit';
import { authenticate } from '../platform/http/caller';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';
import { AuthenticationAnswer, BrowserId, challengeOf, passkeySetup, verified } from './ceremony';
import { browserName } from './registration';
import {
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
  async run({ context, request }) {
    const { relyingParty } = passkeySetup(context);
    const caller = request.authorization ? await authenticate(request, context) : undefined;
    const own = caller ? await passkeysOf(context.db, caller.uid) : [];
    const options = await generateAuthenticationOptions({
      rpID: relyingParty.rpId,
      userVerification: 'required',
      allowCredentials: own.map((passkey) => ({
        id: passkey.id,
        transports: passkey.transports as never,
      })),
    });
    await saveChallenge(context.db, options.challenge, 'authentication', null, context.now());
    return json(200, options);
  },
});

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
    if (!passkey) {
      throw problems.passkeyRefused(
        'This passkey is not registered here (it may have been removed). Sign in with your password.',
      );
    }
    const { authenticationInfo } = await verified(() =>
      verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.rpId,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      }),
    );
    // Her address, for the email a browser not seen before brings.
    const account = { uid: passkey.uid, ...(await context.findUser?.(passkey.uid)) };
    await context.db.transaction().execute(async (trx) => {
      await markPasskeyUsed(trx, passkey.id, authenticationInfo.newCounter, now);
      await writeAudit(trx, {
        at: now,
        actorUid: passkey.uid,
        clientUid: passkey.uid,
        action: 'security',
        what: `signed in with passkey: ${passkey.name}`,
      });
      await noteBrowser(trx, account, body.browser, from, now);
    });
    context.outbox.deliver();
    const token = await accounts.mintToken(passkey.uid, { second_factor: 'passkey' });
    return json(200, { token });
  },
});

/**
 * POST /api/passkeys/recovery: one recovery code in place of her passkey, for one sign-in; the
 * browser then asks her to add a new passkey.
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
    const account = { uid: caller.uid, email: caller.email, name: caller.name };
    const left = await context.db.transaction().execute(async (trx) => {
      if (!(await useRecoveryCode(trx, caller.uid, body.code, now))) return undefined;
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: 'signed in with a recovery code',
      });
      await noteBrowser(trx, account, body.browser, from, now);
      return recoveryCodesLeft(trx, caller.uid);
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
 * Remembers the browser; a new one is written in the audit log as the sign-in's browser, and the
 * account hears of it by email ("Not you? Sign out everywhere"), in the same transaction.
 */
async function noteBrowser(
  db: ApiContext['db'],
  account: { uid: string; email?: string; name?: string },
  browser: string | undefined,
  from: string,
  now: Date,
): Promise<void> {
  if (!browser) return;
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
