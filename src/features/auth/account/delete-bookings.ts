import { DeletedBookingsSchema } from '../../../../shared/booking';
import { ClinicalRetirementSchema } from '../../../../shared/intake';
import { ApiError, apiRequest } from '../../../lib/api';
import { SITE_ERROR, siteError } from '../auth-errors';

/**
 * Asks the server to delete all the caller's bookings (it tells the practice of cancelled future
 * sessions). Throws one of our coded errors, so the account is kept if this did not happen.
 */
export async function deleteMyBookings(): Promise<number> {
  try {
    // First, while the bookings still show whether there was a session: the clinical record is
    // kept for the retention period if there was, deleted now if not (shared/clinical-rules.ts).
    await apiRequest('/api/account/clinical', ClinicalRetirementSchema, { method: 'DELETE' });
    const { deleted } = await apiRequest('/api/account/bookings', DeletedBookingsSchema, {
      method: 'DELETE',
    });
    return deleted;
  } catch (error) {
    const unreachable = error instanceof ApiError && error.status === 0;
    throw siteError(unreachable ? SITE_ERROR.bookingsUnreachable : SITE_ERROR.bookingsNotDeleted);
  }
}
