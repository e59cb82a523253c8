import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  type ICalEventData,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { RULE_SENTENCES, feeSentences } from '../../../shared/booking-rules';
import { CALENDAR_FEED_RULES, clientInitials } from '../../../shared/calendar-feed';
import { feePerSessionPence, formatMoney } from '../../../shared/money';
import { practiceFacts as practice } from '../../../shared/practice';
import type { Service } from '../../../shared/service';
import { PRACTICE_TIME_ZONE } from '../../../shared/time';
import type { MessageContext } from '../outbox';
import type { SeriesContext } from '../series';
import { type BookingRecord, placeOf, videoLinkOf } from '../bookings';
import type { BlockRecord } from '../hours';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

/** An instant as the practice's wall clock, so the file says TZID=Europe/London. */
const london = (instant: Date) => DateTime.fromJSDate(instant, { zone: PRACTICE_TIME_ZONE });

const domainOf = (email: string) => email.split('@')[1] ?? 'practice';

/** One UID per one-off session, and one per series (every occurrence shares it). */
const calendarUid = (booking: BookingRecord, practiceEmail: string) =>
  `${booking.seriesId ?? booking.id}@${domainOf(practiceEmail)}`;

type Context = Pick<MessageContext, 'service' | 'practiceEmail' | 'meetingHost'>;

function eventBase(booking: BookingRecord, context: Context): ICalEventData {
  const serviceName = context.service?.name ?? 'Session';
  // A video session: its own link is the place (LOCATION) and the event's URL.
  const link = videoLinkOf(booking, context);
  return {
    id: calendarUid(booking, context.practiceEmail),
    stamp: DateTime.fromJSDate(booking.updatedAt, { zone: 'utc' }),
    start: london(booking.start),
    end: london(booking.end),
    timezone: PRACTICE_TIME_ZONE,
    summary: `${serviceName} with ${practice.practitioner}`,
    description: `${practice.name}. ${
      context.service && context.service.price > 0
        ? `${feeSentences({ feeText: formatMoney(feePerSessionPence(context.service)) }).feePerSession}.`
        : feeSentences({ feeText: formatMoney(0) }).free
    } ${RULE_SENTENCES.calendarCancel}`,
    location: link ?? placeOf(booking, context),
    ...(link && { url: link }),
    organizer: { name: practice.name, email: context.practiceEmail },
    // One ATTENDEE per person in the room whose address this copy may carry (a participant's own
    // copy holds only theirs): each calendar holds the same event.
    attendees: (booking.attendees ?? [booking.client])
      .filter((attendee) => attendee.email !== '')
      .map((attendee) => ({
        name: attendee.name || attendee.email,
        email: attendee.email,
        rsvp: false,
        status: ICalAttendeeStatus.ACCEPTED,
        role: ICalAttendeeRole.REQ,
      })),
  };
}

function calendarOf(method: CalendarMethod, events: ICalEventData[]): string {
  const calendar = ical({
    prodId: { company: 'Mindful Path', product: 'bookings', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // The VTIMEZONE comes from the events' own TZID. The calendar itself names no zone: ical-generator
  // writes DTSTAMP and UNTIL in the calendar's zone without a Z when it has one, and RFC 5545
  // wants both in UTC (3.8.7.2; 3.3.10 when DTSTART carries a TZID).
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const event of events) calendar.createEvent(event);
  return calendar.toString();
}

/**
 * One session as an iCalendar file (session.ics). REQUEST when it is confirmed or moved, CANCEL
 * when it is cancelled; the UID stays, and a session of a series names its occurrence
 * (RECURRENCE-ID), so the client's calendar updates the event it has (RFC 5545 3.8.4.4, RFC 5546).
 */
export function sessionCalendar(
  booking: BookingRecord,
  method: CalendarMethod,
  context: Context,
): string {
  const cancelling = method === 'CANCEL';
  return calendarOf(method, [
    {
      ...eventBase(booking, context),
      sequence: booking.sequence + (cancelling ? 1 : 0),
      status: cancelling ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(booking.occurrence && { recurrenceId: london(booking.occurrence) }),
    },
  ]);
}

/**
 * A whole series as one event: its first session, RRULE weekly (INTERVAL=2 fortnightly), EXDATE
 * for the weeks it does not have; sessions moved away from their occurrence follow as RECURRENCE-ID
 * overrides. An ended series is an update of the same event (SEQUENCE up) whose RRULE stops at
 * UNTIL, the last session held, in UTC; the weeks after it are not listed one by one as EXDATE.
 */
export function seriesCalendar(series: SeriesContext, context: Context): string {
  const { record, sessions } = series;
  const [first] = sessions;
  if (!first) throw new Error('A series calendar needs at least one session.');
  const ended = record.status === 'ended';
  const active = sessions.filter(
    (each) => each.status === 'confirmed' || each.status === 'requested',
  );
  const until = ended ? (active.at(-1)?.occurrence ?? record.firstStart) : undefined;
  const missing = [
    ...series.skipped,
    ...sessions
      .filter((each) => !active.includes(each))
      .map((each) => each.occurrence ?? each.start),
  ].filter((each) => !until || each.getTime() <= until.getTime());
  const firstOccurrence = {
    ...first,
    start: record.firstStart,
    end: new Date(record.firstStart.getTime() + (first.end.getTime() - first.start.getTime())),
    updatedAt: record.updatedAt > first.updatedAt ? record.updatedAt : first.updatedAt,
  };
  const master: ICalEventData = {
    ...eventBase(firstOccurrence, context),
    sequence: ended ? 1 : 0,
    status: ICalEventStatus.CONFIRMED,
    repeating: {
      freq: ICalEventRepeatingFreq.WEEKLY,
      interval: record.everyWeeks,
      ...(until && { until: DateTime.fromJSDate(until, { zone: 'utc' }) }),
      ...(missing.length > 0 && {
        exclude: missing.map(london),
        excludeTimezone: PRACTICE_TIME_ZONE,
      }),
    },
  };
  const moved = active
    .filter((each) => each.occurrence && each.occurrence.getTime() !== each.start.getTime())
    .map((each): ICalEventData => ({
      ...eventBase(each, context),
      sequence: each.sequence,
      status: ICalEventStatus.CONFIRMED,
      recurrenceId: london(each.occurrence as Date),
    }));
  return calendarOf('REQUEST', [master, ...moved]);
}

/** Several sessions cancelled at once (a deleted account's sessions ahead), as one CANCEL file. */
export function cancelledSessionsCalendar(
  bookings: readonly BookingRecord[],
  context: Context,
): string {
  return calendarOf(
    'CANCEL',
    bookings.map((booking) => ({
      // As cancelled: no video link goes with a session that will not happen.
      ...eventBase({ ...booking, status: 'cancelled' }, context),
      sequence: booking.sequence + 1,
      status: ICalEventStatus.CANCELLED,
      ...(booking.occurrence && { recurrenceId: london(booking.occurrence) }),
    })),
  );
}

/**
 * Sessions whose details changed at once (a new video room after someone left), as one REQUEST
 * file: each event at its new revision (SEQUENCE), a series' session by its occurrence.
 */
export function updatedSessionsCalendar(
  bookings: readonly BookingRecord[],
  context: Context,
): string {
  return calendarOf(
    'REQUEST',
    bookings.map((booking) => ({
      ...eventBase(booking, context),
      sequence: booking.sequence,
      status: ICalEventStatus.CONFIRMED,
      ...(booking.occurrence && { recurrenceId: london(booking.occurrence) }),
    })),
  );
}

/** What the practitioner's feed is made from: her confirmed sessions and blocked times. */
export interface FeedContents {
  bookings: readonly BookingRecord[];
  blocks: readonly BlockRecord[];
  services: readonly Pick<Service, 'id' | 'name' | 'format' | 'price' | 'session'>[];
  practiceEmail: string;
  meetingHost?: string;
  /** The names of the others in a couple's or family's room (invited or joined), if any. */
  othersIn?: (booking: BookingRecord) => readonly string[];
}

/** The same session has the same UID on every fetch, so her calendar app updates it in place. */
const feedUid = (kind: 'session' | 'block', id: string, practiceEmail: string) =>
  `${kind}-${id}.diary@${domainOf(practiceEmail)}`;

/**
 * The practitioner's diary as a subscribed calendar (no METHOD: it is published, not an
 * invitation). A session's summary names the service and the client's initials only: the file
 * leaves the site, so it holds no name, email, note or answer.
 */
export function feedCalendar(contents: FeedContents): string {
  const calendar = ical({
    prodId: { company: 'Mindful Path', product: 'diary', language: 'EN' },
    name: `${practice.name}: diary`,
    ttl: CALENDAR_FEED_RULES.refreshMinutes * 60,
  });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const booking of contents.bookings) {
    const service = contents.services.find((each) => each.id === booking.serviceId);
    const context = { service, meetingHost: contents.meetingHost };
    const link = videoLinkOf(booking, context);
    calendar.createEvent({
      id: feedUid('session', booking.id, contents.practiceEmail),
      stamp: DateTime.fromJSDate(booking.updatedAt, { zone: 'utc' }),
      start: london(booking.start),
      end: london(booking.end),
      timezone: PRACTICE_TIME_ZONE,
      sequence: booking.sequence,
      status: ICalEventStatus.CONFIRMED,
      summary: `${service?.name ?? 'Session'}: ${[booking.client.name, ...(contents.othersIn?.(booking) ?? [])].map(clientInitials).join(', ')}`,
      location: link ?? placeOf(booking, context),
      ...(link && { url: link }),
    });
  }
  for (const block of contents.blocks) {
    calendar.createEvent({
      id: feedUid('block', block.id, contents.practiceEmail),
      // A block never changes once made; its start is as stable a stamp as any.
      stamp: DateTime.fromJSDate(block.start, { zone: 'utc' }),
      start: london(block.start),
      end: london(block.end),
      timezone: PRACTICE_TIME_ZONE,
      status: ICalEventStatus.CONFIRMED,
      summary: block.reason ? `Blocked: ${block.reason}` : 'Blocked',
    });
  }
  const text = calendar.toString();
  if (calendar.length() > 0) return text;
  // A calendar needs at least one component (RFC 5545 3.6): an empty diary still names its zone.
  const zone = (getVtimezoneComponent(PRACTICE_TIME_ZONE) ?? '').trim().replace(/\r?\n/g, '\r\n');
  return text.replace(/END:VCALENDAR\r?\n?$/, `${zone}\r\nEND:VCALENDAR`);
}
