import type { SharedSeries } from '../../../shared/booking';
import { allowedActions } from '../../../shared/booking-status';
import { dayOfWeek, practiceDate } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { findSeries, skipsOf } from '../series';
import { participationsOf } from './sessions';
import { bookerName, roomsFor } from './views';

/**
 * The series an account joined as a participant, in their own view (`"role": "participant"`):
 * the standing time from the moment they joined, who else is coming and the one thing they may
 * do (cancel a session). The booker moves, skips, ends and pays; their note and amounts are
 * not in it. A series with no session since they joined is not listed.
 */
export async function sharedSeriesViews(
  db: Database,
  context: Pick<ApiContext, 'services'>,
  uid: string,
  now: Date,
): Promise<SharedSeries[]> {
  const joined = (await participationsOf(db, uid)).filter(
    (each) => each.participant.seriesId !== null && each.sessions.length > 0,
  );
  if (joined.length === 0) return [];
  const ids = joined.map((each) => each.participant.seriesId ?? '');
  const [records, skips, roomOf] = await Promise.all([
    Promise.all(ids.map((id) => findSeries(db, id))),
    skipsOf(db, ids),
    roomsFor(
      db,
      ids.map((seriesId) => ({ seriesId })),
      uid,
    ),
  ]);
  return joined.flatMap(({ participant, sessions }, index) => {
    const record = records[index];
    const first = sessions[0];
    if (!record || !first) return [];
    const room = roomOf({ seriesId: record.id });
    const joinedAt = participant.respondedAt ?? now;
    return [
      {
        id: record.id,
        serviceId: record.serviceId,
        serviceName:
          context.services.find((service) => service.id === record.serviceId)?.name ??
          'A service no longer offered',
        everyWeeks: record.everyWeeks,
        status: record.status,
        weekday: dayOfWeek(practiceDate(record.firstStart)),
        time: record.localTime,
        firstStart: first.start.toISOString(),
        sessions: sessions.map((session) => ({
          id: session.id,
          start: session.start.toISOString(),
          end: session.end.toISOString(),
          status: session.status,
          actions: allowedActions(session, 'client', now).filter((action) => action === 'cancel'),
        })),
        skipped: (skips.get(record.id) ?? [])
          .filter((week) => week >= joinedAt)
          .map((week) => week.toISOString()),
        role: 'participant' as const,
        ...(room.placeId && { placeId: room.placeId }),
        bookedBy: bookerName(record),
        coming: [bookerName(record), ...room.others],
        children: room.children,
        intakeToDo: room.intakeToDo,
      },
    ];
  });
}
