import type * as v from 'valibot';
import type { BookingRequestSchema } from '../../../shared/booking';
import { BOOKING_RULES, RULE_SENTENCES, bookableWindow } from '../../../shared/booking-rules';
import type { Service } from '../../../shared/service';
import { practiceWallClock } from '../../../shared/time';
import {
  busyIntervals,
  changeSeriesSessions,
  changeStatus,
  stillInHerTime,
  lockClient,
  openRequests,
  seriesBookings,
  bookingMode,
  busyStretch,
  checkStart,
  startRefusal,
  serviceById,
  checkedParty,
  partyOfEvent,
} from '../bookings';
import { readWorkingHours } from '../hours';
import type { Database } from '../platform/database/database';
import { changeSeriesStatus, insertSeries, recordSkips } from './queries';
import { seriesView } from './series-view';
import { bookWeeks } from './weeks';
import { occurrencesBetween } from './occurrences';
import type { SeriesConfirmed, SeriesDeclined, SeriesRequested } from './events';
import { transactionTriedAgain } from '../platform/database/retry';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext, type Caller } from '../platform/http/types';
import { seriesContext, seriesOf } from './series-context';

class FirstSessionTaken extends Error {}

function cadenceOf(service: Service): 1 | 2 {
  if (service.everyWeeks === undefined) {
    throw problems.invalidInput(
      `${service.name} is booked one session at a time: request a single session instead.`,
    );
  }
  return service.everyWeeks;
}

/**
 * A verified client asks for a standing weekly or fortnightly time (POST /api/series), asked as
 * its first session is (service, start, note). Its party rides on the event (participants
 * invites them, in the same transaction); participants/request-with-party.ts answers the route.
 */
export async function requestSeries(
  context: ApiContext,
  caller: Pick<Caller, 'uid' | 'email' | 'name'>,
  body: v.InferOutput<typeof BookingRequestSchema>,
) {
  const service = serviceById(context.services, body.serviceId);
  const everyWeeks = cadenceOf(service);
  const party = checkedParty(service, body, caller);
  const now = context.now();
  const start = new Date(body.start);
  const working = await readWorkingHours(context.db);
  const check = checkStart({
    hours: context.hours,
    working,
    serviceMinutes: service.minutes,
    now,
    start,
    busy: await busyIntervals(context.db, busyStretch(start, service.minutes)),
  });
  if (!check.ok) throw startRefusal(check.reason);
  const cadence = { firstStart: start, localTime: practiceWallClock(start), everyWeeks };
  const occurrences = occurrencesBetween(
    cadence,
    new Date(start.getTime() - 1),
    bookableWindow(now).latest,
  );
  const client = { uid: caller.uid, email: caller.email, name: caller.name };
  try {
    // Run again on a deadlock: a week is skipped only when its time is taken (23P01).
    const created = await transactionTriedAgain(context.db, async (trx) => {
      await lockClient(trx, caller.uid);
      if ((await openRequests(trx, caller.uid, now)) >= BOOKING_RULES.maxOpenRequests)
        return undefined;
      const record = await insertSeries(
        trx,
        {
          ...cadence,
          client,
          serviceId: service.id,
          note: body.note,
          bookedThrough: occurrences.at(-1) ?? start,
        },
        now,
      );
      const { sessions, skipped } = await bookWeeks(trx, record, occurrences, {
        serviceMinutes: service.minutes,
        mode: bookingMode(service.format, undefined),
        status: 'requested',
        hours: { hours: context.hours, working, serviceMinutes: service.minutes },
      });
      if (sessions[0]?.start.getTime() !== start.getTime()) throw new FirstSessionTaken();
      await recordSkips(trx, record.id, skipped, now);
      // The people it names are invited first (participants), then the client's wait ends (the
      // waiting list) and the request's own messages follow them (messages).
      await context.reactions.publish(trx, {
        type: 'series.requested',
        seriesId: record.id,
        clientUid: caller.uid,
        serviceId: service.id,
        ...partyOfEvent(party),
        occurredAt: now.toISOString(),
      } satisfies SeriesRequested);
      return { record, sessions, skipped };
    });
    if (!created) throw problems.tooManyRequests(RULE_SENTENCES.tooManyRequests);
    context.outbox.deliver();
    return { series: created, now };
  } catch (error) {
    if (error instanceof FirstSessionTaken) throw startRefusal('taken');
    throw error;
  }
}

/** The series' requested sessions that can no longer be held, declined and recorded as skipped. */
async function declineWeeksNotHeld(
  db: Database,
  context: Pick<ApiContext, 'hours' | 'services'>,
  seriesId: string,
  now: Date,
) {
  const requested = (await seriesBookings(db, [seriesId])).filter(
    (session) => session.status === 'requested',
  );
  const notHeld: Date[] = [];
  for (const session of requested) {
    if (session.start > now && !(await stillInHerTime(db, context, session))) continue;
    if (await changeStatus(db, session.id, ['requested'], 'declined', now))
      notHeld.push(session.start);
  }
  await recordSkips(db, seriesId, notHeld, now);
}

/** POST /api/series/:id/confirm and /decline: the practitioner answers the whole series. */
const answerSeries = (answer: 'confirmed' | 'declined') =>
  endpoint({
    auth: 'practitioner',
    async run({ params, context }) {
      const found = await seriesOf(context.db, params.id);
      const now = context.now();
      const answered = await context.db.transaction().execute(async (trx) => {
        const record = await changeSeriesStatus(trx, {
          id: found.id,
          from: ['requested'],
          to: answer,
          now,
        });
        if (!record) return undefined;
        // Confirmed as her time is now: a week since blocked, outside her hours or already begun
        // is declined and named as a week not held, as the rolling job names one.
        if (answer === 'confirmed') await declineWeeksNotHeld(trx, context, record.id, now);
        const answeredSessions = await changeSeriesSessions(trx, {
          seriesId: record.id,
          from: ['requested'],
          to: answer,
          after: new Date(0),
          now,
        });
        // A declined series' weekly time is a standing time free again.
        await context.reactions.publish(
          trx,
          answer === 'declined'
            ? ({
                type: 'series.declined',
                seriesId: record.id,
                freedStarts: answeredSessions.map((each) => each.start.toISOString()),
                occurredAt: now.toISOString(),
              } satisfies SeriesDeclined)
            : ({
                type: 'series.confirmed',
                seriesId: record.id,
                occurredAt: now.toISOString(),
              } satisfies SeriesConfirmed),
        );
        return seriesContext(trx, record);
      });
      if (!answered) {
        throw problems.wrongStatus(
          `Only requested series can be answered; this one is ${found.status}.`,
        );
      }
      context.outbox.deliver();
      return json(200, seriesView(answered, context, now, 'practitioner'));
    },
  });

export const confirmSeries = answerSeries('confirmed');
export const declineSeries = answerSeries('declined');
