import { clientBookings, deleteClientBookings, lockClient } from '../bookings';
import { dropClientMessages, queueMessages, notificationsForDeletedAccount } from '../messages';
import { deleteClientWaitlist } from '../waitlist';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';

/** DELETE /api/account/bookings: before an account is deleted, all its bookings go too. */
export const deleteMyBookings = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const deleted = await context.db.transaction().execute(async (trx) => {
      // One deletion of a client's records at a time: two at once (a second tab, a retry) would
      // lock the same rows in different orders once the outbox has touched them, and deadlock.
      await lockClient(trx, caller.uid);
      await dropClientMessages(trx, caller.uid);
      // Written before the bookings go: the messages then keep no link to them.
      await queueMessages(
        trx,
        notificationsForDeletedAccount(await clientBookings(trx, caller.uid), now, {
          uid: caller.uid,
          email: caller.email,
          name: caller.name,
        }),
        { now, practiceEmail: context.outbox.practiceEmail },
      );
      await deleteClientWaitlist(trx, caller.uid);
      return deleteClientBookings(trx, caller.uid);
    });
    context.outbox.deliver();
    return json(200, { deleted: deleted.length });
  },
});
