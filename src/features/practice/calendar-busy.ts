import {
  BUSY_CALENDAR_LABEL,
  BUSY_CALENDAR_RULES,
  type BusyCalendarView,
} from '../../../shared/busy-calendar';
import type { Block } from '../../../shared/booking';
import { formatDay, formatTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';
import { fetchBusyCalendar } from './practice-api';

const CALENDAR_BLOCK_PREFIX = 'calendar:';

/** Whether a block on the timetable is her own calendar's busy time (not hers to remove here). */
export const isCalendarBusy = (block: Block) => block.id.startsWith(CALENDAR_BLOCK_PREFIX);

/** The diary's warning when her calendar has not been read for a while, with the reason. */
export function staleSentence(view: Extract<BusyCalendarView, { connected: true }>) {
  const since = view.lastReadAt
    ? `since ${formatDay(view.lastReadAt)} at ${formatTime(view.lastReadAt)}`
    : 'since it was connected';
  return `Your calendar has not been read ${since} (over ${BUSY_CALENDAR_RULES.staleHours} hours): ${
    view.lastError ?? 'no reason was given'
  } Times are offered around its last good read.`;
}

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
