import { BOOKING_RULES, bookableWindow } from '../../../shared/booking-rules';
import { daysBetween, practiceDate } from '../../../shared/time';
import { removeBlock } from './blocks';
import { startsWithinHours } from './working-hours';
import { endpoint } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { noContent } from '../platform/http/types';
import type { BlockRemoved } from './events';

/** DELETE /api/practice/blocks/:id: the blocked time is offered again (and to those waiting). */
export const deleteBlock = endpoint({
  auth: 'practitioner',
  async run({ params, context }) {
    const id = pathId(params.id, 'blocked time');
    const now = context.now();
    const removed = await context.db.transaction().execute(async (trx) => {
      const block = await removeBlock(trx, id);
      if (!block) return undefined;
      // Every start on the grid inside the block that may still be booked (notice, horizon).
      const from = practiceDate(block.start);
      const { earliest, latest } = bookableWindow(now);
      const starts = startsWithinHours({
        hours: context.hours,
        from,
        days: daysBetween(from, practiceDate(block.end)) + 1,
        serviceMinutes: BOOKING_RULES.slotStepMinutes,
      }).filter(
        (start) =>
          start >= earliest && start <= latest && start >= block.start && start < block.end,
      );
      // The waiting list reacts: each entry is offered the first that fits it.
      await context.reactions.publish(trx, {
        type: 'block.removed',
        blockId: block.id,
        freedStarts: starts.map((start) => start.toISOString()),
        occurredAt: now.toISOString(),
      } satisfies BlockRemoved);
      return block;
    });
    if (!removed) {
      throw problems.notFound(
        'There is no blocked time with that id. Reload the diary and try again.',
      );
    }
    context.outbox.deliver();
    return noContent();
  },
});
