import { DeletedBookingsSchema } from '../../../../shared/booking';
import { ApiError, apiRequest } from '../../../lib/api';
import { SITE_ERROR, siteError } from '../auth-errors';

/**
 * Asks the server to delete all the caller's bookings (it tells the practice of cancelled future
 * sessions). Throws one of our coded errors, so the account is kept if this did not happen.
 */
export async function deleteMyBookings(): Promise<number> {
  try {
    const { deleted } = await apiRequest('/api/account/bookings', DeletedBookingsSchema, {
      method: 'DELETE',
    });
    return deleted;
  } catch (error) {
    const unreachable = error instanceof ApiError && error.status === 0;
    throw siteError(unreachable ? SITE_ERROR.bookingsUnreachable : SITE_ERROR.bookingsNotDeleted);
  }
}
