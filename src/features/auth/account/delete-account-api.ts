import { AccountDeletionSchema } from '../../../../shared/records-api';
import { ApiError, apiRequest } from '../../../lib/api';
import { SITE_ERROR, siteError } from '../auth-errors';

/**
 * Asks the server to delete the caller's account: in one operation it keeps or deletes the clinical
 * record, deletes the bookings (telling the practice of sessions ahead) and the identity account.
 * A sign-in that is not recent enough (403) asks the visitor to confirm who they are, as Firebase
 * does; running it again after that is safe. Throws one of our coded errors otherwise.
 */
export async function deleteMyAccount(): Promise<{ keptUntil: string | null }> {
  try {
    return await apiRequest('/api/account/deletion', AccountDeletionSchema, { method: 'POST' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      throw Object.assign(new Error('recent sign-in'), { code: 'auth/requires-recent-login' });
    const unreachable = error instanceof ApiError && error.status === 0;
    throw siteError(unreachable ? SITE_ERROR.accountUnreachable : SITE_ERROR.accountNotDeleted);
  }
}
