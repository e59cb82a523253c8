import * as v from 'valibot';
import { apiRequest } from '../../../lib/api';

const PasskeyList = v.object({
  passkeys: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      createdAt: v.string(),
      lastUsedAt: v.nullable(v.string()),
    }),
  ),
  recoveryCodesLeft: v.number(),
  /** After "Sign out everywhere": she is asked to look at each passkey and keep only hers. */
  reviewDue: v.boolean(),
});
export type Passkeys = v.InferOutput<typeof PasskeyList>;

/** The account's passkeys, and how many recovery codes are left. */
export const fetchPasskeys = (signal?: AbortSignal) =>
  apiRequest('/api/passkeys', PasskeyList, { signal });
