import type { Series } from '../../../shared/booking';
import { BOOKING_RULES, isActive } from '../../../shared/booking-rules';
import { allowedActions, type Actor } from '../../../shared/booking-status';
import { HOUR_MS, dayOfWeek, practiceDate } from '../../../shared/time';
import type { SeriesContext } from '../messages';
import { joinedSeries, partyLookup } from '../participants';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { findSeries, skipsOf } from './queries';
import { seriesBookings } from '../bookings';

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

/**
 * The series an account joined as a participant (`"role": "participant"`): the booker's standing
 * time, which the booker moves, skips, ends and pays. A participant may cancel one session; the
 * booker's note to the practitioner and every amount stay the booker's.
 */
export async function joinedSeriesViews(
  db: Database,
  context: Pick<ApiContext, 'services'>,
  uid: string,
  now: Date,
): Promise<Series[]> {
  const ids = await joinedSeries(db, uid);
  if (ids.length === 0) return [];
  const [records, sessions, skips, partyOf] = await Promise.all([
    Promise.all(ids.map((id) => findSeries(db, id))),
    seriesBookings(db, ids),
    skipsOf(db, ids),
    partyLookup(
      db,
      ids.map((seriesId) => ({ seriesId })),
      'client',
    ),
  ]);
  return records.flatMap((record) => {
    if (!record) return [];
    const view = seriesView(
      {
        record,
        sessions: sessions.filter((session) => session.seriesId === record.id),
        skipped: skips.get(record.id) ?? [],
      },
      context,
      now,
      'client',
    );
    return [
      {
        ...view,
        note: '',
        sessions: view.sessions.map((session) => ({
          ...session,
          actions: (session.actions ?? []).filter((action) => action === 'cancel'),
        })),
        endable: false,
        ...partyOf({ seriesId: record.id }),
        role: 'participant' as const,
        bookedBy: record.client.name || 'The person who booked',
      },
    ];
  });
}
