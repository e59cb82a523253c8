import { clientBookings, deleteClientBookings, lockClient, lockPlansOfClient } from '../bookings';
import { keepSharedAttendance, retireClinicalRecord, type RetiringClient } from '../clinical';
import { notificationsForDeletedAccount } from '../messages';
import { queueMessages } from '../outbox';
import { cancelForParticipants, leaveFutureSessions } from '../participants';
import { deleteSignInRecords } from '../passkeys';
import { retirePaymentIdentity } from '../payments';
import type { Database } from '../platform/database/database';
import { transactionTriedAgain } from '../platform/database/retry';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';
import { RECENT_SIGN_IN_MINUTES } from '../../../shared/retention';
import type { AccountDeleted } from './events';

/**
 * Everything a deleted account leaves, in one transaction: the clinical record retired first (kept
 * read-only when a session was held, deleted when none was), then `account.deleted` published
 * while its sessions and plans are still there (functions/src/reactions.ts: its money decided and
 * held, its pending messages and its waiting list dropped, the practice told of sessions ahead),
 * then the bookings go and the receipt links are revoked. Each step ends in the same state when
 * run again, so the whole is idempotent.
 */
export async function retireAccount(
  trx: Database,
  context: ApiContext,
  client: RetiringClient,
  now: Date,
) {
  const practiceEmail = context.outbox.practiceEmail;
  // One deletion of a client's records at a time: two at once (a second tab, a retry) would
  // lock the same rows in different orders once the outbox has touched them, and deadlock.
  await lockClient(trx, client.uid);
  // Her plans before anything a Pay or a webhook locks after its plan (the payments her refunds
  // are held on, the series): the same order as theirs.
  await lockPlansOfClient(trx, client.uid);
  // Decided before the bookings go, though no longer from them alone (retention.ts).
  const retired = await retireClinicalRecord(trx, client, now);
  const booked = await clientBookings(trx, client.uid);
  await context.reactions.publish(trx, {
    type: 'account.deleted',
    uid: client.uid,
    bookingIds: booked.map((each) => each.id),
    seriesIds: [...new Set(booked.flatMap((each) => (each.seriesId ? [each.seriesId] : [])))],
    occurredAt: now.toISOString(),
  } satisfies AccountDeleted);
  // Its own confirmation (the email is never in the event), after its pending messages went.
  await queueMessages(trx, notificationsForDeletedAccount(booked, now, client), {
    now,
    practiceEmail,
  });
  // The partners and family who joined their sessions are told those sessions are cancelled.
  await cancelForParticipants(trx, booked, { now, practiceEmail });
  // The sessions they had together stay on each participant's record, which is theirs to keep.
  await keepSharedAttendance(trx, client.uid, now);
  // Sessions they joined as a partner or family member go on for the others, who are told.
  await leaveFutureSessions(trx, client.uid, { now, reactions: context.reactions });
  await deleteClientBookings(trx, client.uid);
  await retirePaymentIdentity(trx, client.uid, now);
  // Its passkeys and recovery codes go: none may sign in as the uid again.
  await deleteSignInRecords(trx, client.uid);
  return retired;
}

/**
 * POST /api/account/deletion: deletes the caller's account (recent sign-in required) and answers
 * until when their clinical record is kept (null: deleted now). The identity account goes last,
 * once the records have; a second call (a retry after a lost answer) ends in the same state.
 */
export const deleteMyAccount = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    // The token's own clock, as its expiry is checked: a sign-in is recent against the wall clock.
    const sessionNow = (context.sessionClock ?? (() => new Date()))();
    if (sessionNow.getTime() - caller.authTime.getTime() > RECENT_SIGN_IN_MINUTES * 60_000) {
      throw problems.signInAgain(
        'To delete your account, confirm it is you: enter your password again (or sign in with Google again).',
      );
    }
    const now = context.now();
    // Every write goes through the transaction: should PostgreSQL still break a cycle of waits
    // with a Pay or a webhook (40P01), the whole deletion is simply run again.
    const { keptUntil } = await transactionTriedAgain(context.db, (trx) =>
      retireAccount(trx, context, { uid: caller.uid, email: caller.email, name: caller.name }, now),
    );
    context.outbox.deliver();
    // No further charge, no Checkout left open, the sessions ahead given back: from the durable
    // queue, so a Stripe that does not answer now is asked again by the minute job.
    await context.reactions.runInRequest();
    try {
      await context.deleteIdentity?.(caller.uid);
    } catch {
      // The records are already retired; a retry ends in the same state and then closes the sign-in.
      throw problems.identityUnavailable(
        'Your bookings are deleted, but we could not close your sign-in. Please try again in a minute.',
      );
    }
    return json(200, { keptUntil: keptUntil?.toISOString() ?? null });
  },
});
