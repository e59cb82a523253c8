import { DiaryQuerySchema, type Diary } from '../../../shared/booking';
import { BOOKING_RULES, isActive } from '../../../shared/booking-rules';
import { addDays, daysBetween, practiceDate, startOfPracticeDay } from '../../../shared/time';
import { blockView, blocksOverlapping, clashesWithHerCalendar, readWorkingHours } from '../hours';
import { bookingsStartingWithin, practiceBookingView } from '../bookings';
import { reminderStates } from '../outbox';
import { seriesWithStatus } from '../series';
import { writeAudit } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { paymentStates } from '../payments';
import { partyLookup } from '../participants';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import { seriesRequests } from './series-requests';

const MAX_DIARY_DAYS = 366;

/** GET /api/practice/bookings?from=&to= (dates, `to` included; by default the booking horizon). */
export const practiceDiary = endpoint({
  auth: 'practitioner',
  query: DiaryQuerySchema,
  async run({ caller, query, context }) {
    const now = context.now();
    const from = query.from ?? practiceDate(now);
    const to = query.to ?? addDays(from, BOOKING_RULES.horizonDays);
    const days = daysBetween(from, to) + 1;
    if (days < 1 || days > MAX_DIARY_DAYS) {
      throw problems.invalidInput(
        `Choose a "to" date on or after "from", at most ${MAX_DIARY_DAYS} days later.`,
      );
    }
    const within = { start: startOfPracticeDay(from), end: startOfPracticeDay(addDays(to, 1)) };
    const [bookings, blocks, working] = await Promise.all([
      bookingsStartingWithin(context.db, within),
      blocksOverlapping(context.db, within),
      readWorkingHours(context.db),
    ]);
    const [reminders, requested] = await Promise.all([
      reminderStates(context.db, bookings),
      seriesWithStatus(context.db, ['requested']),
    ]);
    const payments = await paymentStates(context, bookings, []);
    // The diary shows each client's sessions, attendance, notes and numbers: a read of their data.
    for (const clientUid of new Set(bookings.map((booking) => booking.client.uid))) {
      await writeAudit(context.db, {
        at: now,
        actorUid: caller.uid,
        clientUid,
        action: 'read',
        what: `Read the diary from ${from} to ${to}: the client’s sessions, attendance, notes and phone number`,
      });
    }
    const partyOf = await partyLookup(context.db, bookings, 'practitioner');
    const body: Diary = {
      bookings: bookings.map((booking) => ({
        ...practiceBookingView(booking, context.services, now, reminders, context.meetingHost),
        payment: payments.booking(booking),
        calendarClash:
          isActive(booking) && booking.start > now && clashesWithHerCalendar(working, booking),
        ...partyOf(booking),
      })),
      blocks: blocks.map(blockView),
      seriesRequests: (await seriesRequests(context.db, context, now, requested)).map((series) => ({
        ...series,
        payment: payments.series(
          series.id,
          series.serviceId,
          new Date(series.firstStart),
          series.status,
        ),
      })),
    };
    return json(200, body);
  },
});
