import { BookingRequestSchema, type Series } from '../../../shared/booking';
import {
  BOOKING_RULES,
  RULE_SENTENCES,
  bookableWindow,
  isActive,
} from '../../../shared/booking-rules';
import type { Service } from '../../../shared/service';
import { HOUR_MS, practiceWallClock } from '../../../shared/time';
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
  type BookingRecord,
  type BookingStatusChanged,
  type SeriesRecord,
  startRefusal,
  serviceById,
} from '../bookings';
import { readWorkingHours } from '../hours';
import type { Database } from '../platform/database/database';
import { queueMessages, type Notification, type SeriesContext } from '../messages';
import {
  changeSeriesStatus,
  clientSeries,
  findSeries,
  insertSeries,
  recordSkips,
  skipsOf,
} from './queries';
import type { SeriesEnded } from './events';
import { seriesView, sharedSeriesViews } from './series-view';
import { bookWeeks } from './weeks';
import { occurrencesBetween } from './occurrences';
import { endWaitForService, offerFreedTimes } from '../waitlist';
import { checkedParty, inviteParty, partyLookup } from '../participants';
import { endpoint, type Relation } from '../platform/http/endpoint';
import { paymentStates } from '../payments';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';

/** A series and everything about it that a view or a message needs. */
export async function seriesContext(db: Database, series: SeriesRecord): Promise<SeriesContext> {
  const [sessions, skips] = await Promise.all([
    seriesBookings(db, [series.id]),
    skipsOf(db, [series.id]),
  ]);
  return { record: series, sessions, skipped: skips.get(series.id) ?? [] };
}

const withSeries = (
  kind: Notification['kind'],
  to: 'client' | 'practice',
  series: SeriesContext,
  message?: string,
): Notification =>
  ({
    kind,
    to,
    booking: series.sessions.find(isActive) ?? series.sessions[0],
    series,
    ...(message && { message }),
  }) as Notification;

class FirstSessionTaken extends Error {}

function cadenceOf(service: Service): 1 | 2 {
  if (service.everyWeeks === undefined) {
    throw problems.invalidInput(
      `${service.name} is booked one session at a time: request a single session instead.`,
    );
  }
  return service.everyWeeks;
}

/** POST /api/series: a verified client asks for a standing weekly or fortnightly time. */
export const createSeries = endpoint({
  auth: 'verified',
  // A standing time is asked as its first session is (service, start, note).
  body: BookingRequestSchema,
  async run({ caller, body, context }) {
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
      const created = await context.db.transaction().execute(async (trx) => {
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
        await endWaitForService(trx, caller.uid, service.id);
        const series = { record, sessions, skipped };
        await inviteParty(trx, {
          owner: { seriesId: record.id },
          booking: sessions[0],
          party,
          now,
          practiceEmail: context.outbox.practiceEmail,
        });
        await queueMessages(
          trx,
          [
            withSeries('series-requested', 'practice', series),
            withSeries('series-acknowledged', 'client', series),
          ],
          { now, practiceEmail: context.outbox.practiceEmail },
        );
        return series;
      });
      if (!created) throw problems.tooManyRequests(RULE_SENTENCES.tooManyRequests);
      context.outbox.deliver();
      const partyOf = await partyLookup(
        context.db,
        [{ seriesId: created.record.id }],
        'client',
        caller.uid,
      );
      return json(201, {
        ...seriesView(created, context, now, 'client'),
        ...partyOf({ seriesId: created.record.id }),
      });
    } catch (error) {
      if (error instanceof FirstSessionTaken) throw startRefusal('taken');
      throw error;
    }
  },
});

/** GET /api/series: the caller's own series, each with its sessions. */
export const listSeries = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const records = await clientSeries(context.db, caller.uid);
    const [sessions, skips] = await Promise.all([
      seriesBookings(
        context.db,
        records.map((record) => record.id),
      ),
      skipsOf(
        context.db,
        records.map((record) => record.id),
      ),
    ]);
    const payments = await paymentStates(
      context,
      sessions,
      records.map((record) => record.id),
    );
    const partyOf = await partyLookup(
      context.db,
      records.map((record) => ({ seriesId: record.id })),
      'client',
      caller.uid,
    );
    const series = records.map((record) => ({
      ...seriesView(
        {
          record,
          sessions: sessions.filter((session) => session.seriesId === record.id),
          skipped: skips.get(record.id) ?? [],
        },
        context,
        now,
        'client',
      ),
      payment: payments.series(record.id, record.serviceId, record.firstStart, record.status),
      ...partyOf({ seriesId: record.id }),
    }));
    const joined = await sharedSeriesViews(context.db, context, caller.uid, now);
    return json(200, { series: [...series, ...joined] });
  },
});

async function seriesOf(db: Database, id: string | undefined) {
  const series = await findSeries(db, pathId(id, 'series'));
  if (!series) throw problems.notFound('There is no series with that id. Reload and try again.');
  return series;
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
        if (answer === 'declined')
          await offerFreedTimes(
            trx,
            context,
            { starts: answeredSessions.map((each) => each.start), standing: true },
            now,
          );
        const series = await seriesContext(trx, record);
        await queueMessages(
          trx,
          [
            withSeries(
              answer === 'confirmed' ? 'series-confirmed' : 'series-declined',
              'client',
              series,
            ),
          ],
          { now, practiceEmail: context.outbox.practiceEmail },
        );
        return series;
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

/**
 * Ends a series: by its booker, sessions more than the notice period ahead are cancelled; by
 * the practitioner, every session still ahead. Past sessions stay.
 */
async function endSeriesAs(context: ApiContext, found: SeriesRecord, byClient: boolean) {
  const now = context.now();
  const cutoff = byClient
    ? new Date(now.getTime() + BOOKING_RULES.clientCancelNoticeHours * HOUR_MS)
    : now;
  const ended = await context.db.transaction().execute(async (trx) => {
    const record = await changeSeriesStatus(trx, {
      id: found.id,
      from: ['requested', 'confirmed'],
      to: 'ended',
      now,
    });
    if (!record) return undefined;
    const cancelled = await changeSeriesSessions(trx, {
      seriesId: record.id,
      from: ['requested', 'confirmed'],
      to: 'cancelled',
      after: cutoff,
      now,
    });
    // An ended series' weekly time is a standing time free again.
    await offerFreedTimes(
      trx,
      context,
      { starts: cancelled.map((each) => each.start), standing: true },
      now,
    );
    const series = await seriesContext(trx, record);
    await queueMessages(
      trx,
      [
        withSeries('series-ended', 'client', series),
        ...(byClient ? [withSeries('series-ended-by-client', 'practice', series)] : []),
      ],
      { now, practiceEmail: context.outbox.practiceEmail },
    );
    const by = byClient ? 'client' : 'practice';
    const occurredAt = now.toISOString();
    for (const session of cancelled)
      await context.reactions.publish(trx, {
        type: 'booking.status-changed',
        bookingId: session.id,
        to: 'cancelled',
        by,
        cause: 'series-ended',
        occurredAt,
      } satisfies BookingStatusChanged);
    await context.reactions.publish(trx, {
      type: 'series.ended',
      seriesId: record.id,
      by,
      cancelledIds: cancelled.map((each) => each.id),
      occurredAt,
    } satisfies SeriesEnded);
    return series;
  });
  if (!ended) throw problems.wrongStatus(`This series is already ${found.status}.`);
  context.outbox.deliver();
  await context.reactions.run();
  return json(200, seriesView(ended, context, now, byClient ? 'client' : 'practitioner'));
}

/** The series a client route names, if the caller booked it. */
const seriesBooker: Relation<SeriesRecord> = {
  thing: 'series',
  who: ['booker'],
  async resolve(context, caller, params) {
    const found = await seriesOf(context.db, params.id);
    if (found.client.uid !== caller.uid)
      throw problems.notYours('You can only end your own sessions.');
    return found;
  },
};

/** POST /api/series/:id/end: its booker ends it. */
export const endSeries = endpoint({
  auth: 'client',
  relation: seriesBooker,
  run: ({ access, context }) => endSeriesAs(context, access, true),
});

/** POST /api/practice/series/:id/end: the practitioner ends any series. */
export const practiceEndSeries = endpoint({
  auth: 'practitioner',
  run: async ({ params, context }) =>
    endSeriesAs(context, await seriesOf(context.db, params.id), false),
});

/** The sessions of the series still waiting for an answer, for the diary. */
export async function seriesRequests(
  db: Database,
  context: Pick<ApiContext, 'services'>,
  now: Date,
  requested: readonly SeriesRecord[],
): Promise<Series[]> {
  const ids = requested.map((record) => record.id);
  const [sessions, skips] = await Promise.all([seriesBookings(db, ids), skipsOf(db, ids)]);
  const partyOf = await partyLookup(
    db,
    ids.map((seriesId) => ({ seriesId })),
    'practitioner',
  );
  return requested.map((record) => ({
    ...seriesView(
      {
        record,
        sessions: sessions.filter((session: BookingRecord) => session.seriesId === record.id),
        skipped: skips.get(record.id) ?? [],
      },
      context,
      now,
      'practitioner',
    ),
    ...partyOf({ seriesId: record.id }),
  }));
}
