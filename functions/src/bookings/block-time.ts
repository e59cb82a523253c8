import { BlockRequestSchema, type BlockCreated } from '../../../shared/booking';
import { STATUS_CHANGES } from '../../../shared/booking-status';
import { DAY_MS, practiceWallClock } from '../../../shared/time';
import { blockView, insertBlock } from '../hours';
import { bookingsStartingWithin, changeStatus, isOverlapRefused } from './queries';
import type { BookingRecord, BookingStatusChanged } from './types';
import { practiceBookingView } from './views';
import { transactionTriedAgain } from '../platform/database/retry';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';

const MAX_BLOCK_DAYS = 366;

const overlaps = (booking: BookingRecord, start: Date, end: Date) =>
  booking.start < end && start < booking.end;

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function coveredRefusal(covered: readonly BookingRecord[]) {
  const requests = covered.filter((booking) => booking.status === 'requested').length;
  const sessions = covered.length - requests;
  const held = [
    requests ? count(requests, 'request') : '',
    sessions ? count(sessions, 'session') : '',
  ].filter(Boolean);
  return problems.slotTaken(
    `This time holds ${held.join(' and ')}. Decline and cancel them with the block (each client is told), or block a different time.`,
  );
}

function startedRefusal(session: BookingRecord) {
  return problems.slotTaken(
    `A session that has already begun is inside this time; it ends at ${practiceWallClock(session.end)}. Block from then instead.`,
  );
}

/**
 * POST /api/practice/blocks: the practitioner takes time out of the offered slots. Here rather
 * than in hours/: it answers, declines and cancels the bookings the time holds, and hours sits
 * below bookings (scripts/capability-order.json); hours keeps the blocks themselves. Requests and
 * sessions inside it are declined and cancelled in the same transaction when `cancelCovered` says
 * so, and each client is told (with the practitioner's `message`); without it such a block is
 * refused (409), as blocked time and a live session never overlap. The practice cancelled, so
 * each change is published as the cancel endpoint publishes it (and refunded the same way). The
 * diary holds this request for Undo before sending it, so nothing here happens until Undo has gone.
 */
export const createBlock = endpoint({
  auth: 'practitioner',
  body: BlockRequestSchema,
  async run({ body, context }) {
    const start = new Date(body.start);
    const end = new Date(body.end);
    const now = context.now();
    if (end <= start)
      throw problems.outsideRules('The end of the blocked time must be after its start.');
    if (end <= now)
      throw problems.outsideRules('That time is already over. Block time that is still ahead.');
    if (end.getTime() - start.getTime() > MAX_BLOCK_DAYS * DAY_MS) {
      throw problems.outsideRules(`Block at most ${MAX_BLOCK_DAYS} days at once.`);
    }
    // Run again on a deadlock: the try after it sees what was written meanwhile.
    const answer = await transactionTriedAgain(context.db, async (trx) => {
      // A session that started up to a day before the block may still run into it.
      const nearby = await bookingsStartingWithin(trx, {
        start: new Date(start.getTime() - DAY_MS),
        end,
      });
      const covered = nearby.filter(
        (booking) =>
          overlaps(booking, start, end) &&
          (booking.status === 'requested' || booking.status === 'confirmed'),
      );
      // Blocked time and a live session never overlap (the database holds them apart): what
      // the time holds is declined and cancelled with the block, or the block is not made.
      if (covered.length > 0 && !body.cancelCovered) throw coveredRefusal(covered);
      const started = covered.find(
        (booking) => booking.status === 'confirmed' && booking.start <= now,
      );
      if (started) throw startedRefusal(started);
      const changed: BookingRecord[] = [];
      for (const booking of covered) {
        const action = booking.status === 'requested' ? 'decline' : 'cancel';
        const { from, to } = STATUS_CHANGES[action];
        const after = await changeStatus(trx, booking.id, from, to, now);
        if (!after) continue;
        changed.push(after);
        await context.reactions.publish(trx, {
          type: 'booking.status-changed',
          bookingId: after.id,
          to,
          by: 'practice',
          cause: 'block',
          start: after.start.toISOString(),
          // The reason is the practitioner's own label, not told to clients; the message is.
          ...(body.message && { message: body.message }),
          occurredAt: now.toISOString(),
        } satisfies BookingStatusChanged);
      }
      // Written after what it covers is answered: the constraint sees the time clear.
      const block = await insertBlock(trx, { start, end, reason: body.reason });
      return { block, covered: changed };
    }).catch((error: unknown) => {
      // A request written into this time a moment ago, after the list above was read.
      if (isOverlapRefused(error))
        throw problems.slotTaken(
          'A request or session was booked in this time a moment ago. Reload the diary and block the time again.',
        );
      throw error;
    });
    if (body.cancelCovered) {
      context.outbox.deliver();
      await context.reactions.runInRequest();
    }
    const created: BlockCreated = {
      block: blockView(answer.block),
      covered: answer.covered.map((booking) => practiceBookingView(booking, context.services, now)),
    };
    return json(201, created);
  },
});
