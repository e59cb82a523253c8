import { deleteClientBookings } from '../data/bookings';
import { notificationsForDeletedAccount } from '../domain/notifications';
import { endpoint } from './endpoint';
import { json } from './types';

/** DELETE /api/account/bookings: before an account is deleted, all its bookings go too. */
export const deleteMyBookings = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const deleted = await deleteClientBookings(context.db, caller.uid);
    await context.notify(notificationsForDeletedAccount(deleted, now));
    return json(200, { deleted: deleted.length });
  },
});
