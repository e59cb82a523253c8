import { writeAudit } from '../platform/audit';
import { requireSecondFactor } from '../platform/http/caller';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, noContent } from '../platform/http/types';
import { passkeySetup, sessionNow } from './ceremony';
import { deletePasskey, passkeysOf, recoveryCodesLeft } from './store';

/** GET /api/passkeys: the caller's passkeys and how many recovery codes are left. */
export const listPasskeys = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const passkeys = await passkeysOf(context.db, caller.uid);
    return json(200, {
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodesLeft: await recoveryCodesLeft(context.db, caller.uid),
    });
  },
});

/**
 * DELETE /api/passkeys/<id>: only with a passkey used in the last 5 minutes; the practitioner's
 * last passkey stays (without one she could not open the practice pages).
 */
export const removePasskey = endpoint({
  auth: 'ownPasskeys',
  async run({ caller, access, context, params }) {
    requireSecondFactor(caller, sessionNow(context), true);
    const id = params.id ?? '';
    const passkeys = await passkeysOf(context.db, caller.uid);
    if (!passkeys.some((passkey) => passkey.id === id)) {
      throw problems.notFound('You have no passkey with this id. Reload the page to see yours.');
    }
    if (access === 'practitioner' && passkeys.length === 1) {
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
        what: 'passkey removed',
      });
    });
    return noContent();
  },
});

/** POST /api/account/sign-out-everywhere: ends every session of the account, this one too. */
export const signOutEverywhere = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const { accounts } = passkeySetup(context);
    await writeAudit(context.db, {
      at: context.now(),
      actorUid: caller.uid,
      clientUid: caller.uid,
      action: 'security',
      what: 'signed out everywhere',
    });
    await accounts.revokeSessions(caller.uid);
    return noContent();
  },
});
