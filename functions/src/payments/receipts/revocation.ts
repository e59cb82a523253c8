import { endpoint } from '../../platform/http/endpoint';
import { json } from '../../platform/http/types';
import { revokeReceiptLinks } from './queries-revocation';

/** POST /api/account/receipt-links/revocation: the emailed PDF links stop opening; 200. */
export const revokeMyReceiptLinks = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    await revokeReceiptLinks(context.db, caller.uid, now);
    return json(200, { revokedAt: now.toISOString() });
  },
});
