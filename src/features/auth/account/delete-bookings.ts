import * as v from 'valibot';
import { SITE_ERROR, siteError } from '../auth-errors';

const DeletedSchema = v.object({ deleted: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/**
 * Asks the server to delete all the caller's bookings (it tells the practice of cancelled future
 * sessions). Throws one of our coded errors, so the account is kept if this did not happen.
 */
export async function deleteMyBookings(idToken: string): Promise<number> {
  let response: Response;
  try {
    response = await fetch('/api/account/bookings', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${idToken}` },
    });
  } catch {
    throw siteError(SITE_ERROR.bookingsUnreachable);
  }
  if (!response.ok) throw siteError(SITE_ERROR.bookingsNotDeleted);
  const body = v.safeParse(DeletedSchema, await response.json().catch(() => null));
  if (!body.success) throw siteError(SITE_ERROR.bookingsNotDeleted);
  return body.output.deleted;
}
