import { BUSY_CALENDAR_LABEL } from '../../../shared/busy-calendar';
import type { Block } from '../../../shared/booking';
import { useResource } from '../../lib/use-resource';
import { staleSentence } from './busy-calendar-form';
import { fetchBusyCalendar } from './practice-api';

const CALENDAR_BLOCK_PREFIX = 'calendar:';

/** Whether a block on the timetable is her own calendar's busy time (not hers to remove here). */
export const isCalendarBusy = (block: Block) => block.id.startsWith(CALENDAR_BLOCK_PREFIX);

/**
 * Her own calendar's busy times as the timetable's blocks ("Busy (your calendar)"), and the
 * warning when it has not been read for a while. Nothing when it is not connected.
 */
export function useCalendarBusy(): { blocks: Block[]; warning?: string } {
  const { state } = useResource('busy-calendar', fetchBusyCalendar);
  if (state.status !== 'ready' || !state.data.connected) return { blocks: [] };
  const view = state.data;
  return {
    blocks: view.busy.map((busy) => ({
      id: `${CALENDAR_BLOCK_PREFIX}${busy.start}`,
      start: busy.start,
      end: busy.end,
      reason: BUSY_CALENDAR_LABEL,
    })),
    ...(view.stale && { warning: staleSentence(view) }),
  };
}
