import { queueAccountNotice } from '../outbox';
import { writeAudit } from '../platform/audit';
import { requireSecondFactor } from '../platform/http/caller';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, noContent } from '../platform/http/types';
import { passkeySetup, sessionNow } from './ceremony';
import { accountStanding, countsFor } from './grant';
import { browserName } from './registration';
import {
  askForReview,
  deletePasskey,
  endReview,
  passkeysOf,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  reviewDue,
} from './store';

/**
 * GET /api/passkeys: the caller's passkeys (name, when added, when last used), how many recovery
 * codes are left, and whether she is asked to review them (after "Sign out everywhere").
 */
export const listPasskeys = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const standing = await accountStanding(context, caller.uid);
    const passkeys = (await passkeysOf(context.db, caller.uid)).filter((passkey) =>
      countsFor(standing, passkey),
    );
    return json(200, {
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodesLeft: await recoveryCodesLeft(context.db, caller.uid, standing.grant),
      reviewDue: passkeys.length > 0 && (await reviewDue(context.db, caller.uid)),
    });
  },
});

/**
 * DELETE /api/passkeys/<id>: only with a passkey used in the last 5 minutes; the practitioner's
 * last passkey stays (without one she could not open the practice pages). The passkey may have
 * begun sessions anywhere: every session of the account ends, and this browser is signed in
 * again (`token`) with the second step it had.
 */
export const removePasskey = endpoint({
  auth: 'client',
  async run({ caller, context, params, from }) {
    const { accounts } = passkeySetup(context);
    requireSecondFactor(caller, sessionNow(context), true);
    const id = params.id ?? '';
    const standing = await accountStanding(context, caller.uid);
    const passkeys = await passkeysOf(context.db, caller.uid);
    const passkey = passkeys.find((each) => each.id === id);
    if (!passkey) {
      throw problems.notFound('You have no passkey with this id. Reload the page to see yours.');
    }
    const counting = passkeys.filter((each) => countsFor(standing, each));
    if (standing.practitioner && counting.length === 1 && counting[0]?.id === id) {
      throw problems.lastPasskey(
        'Add another passkey before you remove this one: the practice pages need one.',
      );
    }
    const now = context.now();
    await context.db.transaction().execute(async (trx) => {
      await deletePasskey(trx, caller.uid, id);
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: `passkey removed: ${passkey.name}`,
      });
      if (caller.email) {
        await queueAccountNotice(
          trx,
          {
            kind: 'passkey-removed',
            to: 'client',
            at: now,
            browser: browserName(from),
            name: caller.name,
            passkey: passkey.name,
          },
          { uid: caller.uid, email: caller.email, once: id, now },
        );
      }
    });
    context.outbox.deliver();
    await accounts.revokeSessions(caller.uid);
    const token = await accounts.mintToken(caller.uid, {
      second_factor: caller.secondFactor ?? 'passkey',
    });
    return json(200, { token });
  },
});

/**
 * POST /api/account/sign-out-everywhere: ends every session of the account, this one too, and
 * asks her, once she is back, to review her passkeys (a passkey is a way in that signing out
 * does not end: she removes any she does not recognise).
 */
export const signOutEverywhere = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const { accounts } = passkeySetup(context);
    const now = context.now();
    await context.db.transaction().execute(async (trx) => {
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: 'signed out everywhere',
      });
      await askForReview(trx, caller.uid, now);
    });
    await accounts.revokeSessions(caller.uid);
    return noContent();
  },
});

/** POST /api/passkeys/review: she has looked at her passkeys and keeps those left. */
export const finishReview = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    await context.db.transaction().execute(async (trx) => {
      await endReview(trx, caller.uid);
      await writeAudit(trx, {
        at: context.now(),
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: 'passkeys reviewed',
      });
    });
    return noContent();
  },
});

/**
 * POST /api/passkeys/recovery-codes: ten new recovery codes for the practitioner, shown this
 * once; the old ones stop working at once. Only with a passkey used in the last 5 minutes.
 */
export const renewRecoveryCodes = endpoint({
  auth: 'client',
  async run({ caller, context, from }) {
    requireSecondFactor(caller, sessionNow(context), true);
    const standing = await accountStanding(context, caller.uid);
    if (!standing.practitioner) {
      throw problems.notPractitioner(
        'Recovery codes are for the practice account, in place of its passkey.',
      );
    }
    const now = context.now();
    const recoveryCodes = await context.db.transaction().execute(async (trx) => {
      const codes = await replaceRecoveryCodes(trx, caller.uid, standing.grant, now);
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: caller.uid,
        action: 'security',
        what: 'recovery codes renewed',
      });
      if (caller.email) {
        await queueAccountNotice(
          trx,
          {
            kind: 'recovery-codes-renewed',
            to: 'client',
            at: now,
            browser: browserName(from),
            name: caller.name,
          },
          { uid: caller.uid, email: caller.email, once: now.toISOString(), now },
        );
      }
      return codes;
    });
    context.outbox.deliver();
    return json(200, { recoveryCodes });
  },
});
