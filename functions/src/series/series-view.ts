import type { Series } from '../../../shared/booking';
import { BOOKING_RULES, isActive } from '../../../shared/booking-rules';
import { allowedActions, type Actor } from '../../../shared/booking-status';
import { HOUR_MS, dayOfWeek, practiceDate } from '../../../shared/time';
import type { ApiContext } from '../platform/http/types';
import type { SeriesContext } from './series-context';

/** A series as one actor sees it: its weeks, each session's actions, whether it may end. */
export function seriesView(
  { record, sessions, skipped }: SeriesContext,
  context: Pick<ApiContext, 'services'>,
  now: Date,
  actor: Actor,
): Series {
  const noticeEnds = now.getTime() + BOOKING_RULES.clientCancelNoticeHours * HOUR_MS;
  return {
    id: record.id,
    serviceId: record.serviceId,
    serviceName:
      context.services.find((service) => service.id === record.serviceId)?.name ??
      'A service no longer offered',
    everyWeeks: record.everyWeeks,
    status: record.status,
    weekday: dayOfWeek(practiceDate(record.firstStart)),
    time: record.localTime,
    firstStart: record.firstStart.toISOString(),
    note: record.note,
    sessions: sessions.map((session) => ({
      id: session.id,
      start: session.start.toISOString(),
      end: session.end.toISOString(),
      status: session.status,
      actions: allowedActions(session, actor, now),
    })),
    skipped: skipped.map((each) => each.toISOString()),
    endable:
      (record.status === 'requested' || record.status === 'confirmed') &&
      (actor === 'practitioner' ||
        sessions.some((session) => isActive(session) && session.start.getTime() > noticeEnds)),
    ...(actor === 'practitioner' && {
      clientName: record.client.name,
      clientEmail: record.client.email,
    }),
  };
}
