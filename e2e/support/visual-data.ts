/**
 * The fixed world every visual test stands on: one instant, the client's bookings and series, the
 * practitioner's diary, two clients' records, free times and the answers to new requests. Written
 * around VISUAL_NOW, so no picture depends on the day the suite runs or on what other tests booked;
 * e2e/support/visual-api.ts answers the pages' /api/** calls from it.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import {
  type Block,
  type Booking,
  type BookingStatus,
  type PracticeBooking,
  type Series,
  type Slot,
} from '../../shared/booking';
import { allowedActions, type Actor } from '../../shared/booking-status';
import { RecordNoteSchema } from '../../shared/clinical-api';
import { ClientRecordSchema } from '../../shared/intake';
import type { PaymentStateView } from '../../shared/payments-api';
import { FREE_CALL } from '../../shared/service';
import {
  addDays,
  dayOfWeek,
  practiceDate,
  practiceInstant,
  practiceWallClock,
} from '../../shared/time';

/** The one instant every visual test stands on (a Monday, GMT): the browser's clock is fixed here. */
export const VISUAL_NOW = '2027-03-01T09:00:00.000Z';
const now = new Date(VISUAL_NOW);

interface ServiceFacts {
  id: number;
  name: string;
  minutes: number;
  everyWeeks?: 1 | 2;
}
/** The services as the site lists them (public/service.json) and the free call. */
const SERVICES: Record<number, ServiceFacts> = Object.fromEntries(
  [
    ...(JSON.parse(
      readFileSync(new URL('../../public/service.json', import.meta.url), 'utf8'),
    ) as ServiceFacts[]),
    FREE_CALL,
  ].map((service) => [service.id, service]),
);

const plusMinutes = (start: string, minutes: number) =>
  new Date(Date.parse(start) + minutes * 60_000).toISOString();

/** A London wall-clock time on a London date, as the API writes instants (UTC, `Z`). */
const at = (date: string, time: string) => practiceInstant(date, time).toISOString();

const actionsOf = (status: BookingStatus, start: string, actor: Actor) =>
  allowedActions({ status, start: new Date(start) }, actor, now);

function booking(
  id: string,
  serviceId: number,
  start: string,
  status: BookingStatus,
  extra: { note?: string; seriesId?: string; phone?: string } = {},
): Booking {
  const service = SERVICES[serviceId]!;
  const actions = actionsOf(status, start, 'client');
  return {
    id,
    serviceId,
    serviceName: service.name,
    start,
    end: plusMinutes(start, service.minutes),
    status,
    note: extra.note ?? '',
    cancellable: actions.includes('cancel'),
    actions,
    seriesId: extra.seriesId ?? null,
    ...(extra.phone && { phone: extra.phone }),
  };
}

// ---- The client's own bookings (My bookings, the account page) ----

const SERIES_ID = 'series-tuesday';
const seriesStarts = ['2027-03-02', '2027-03-09', '2027-03-23'].map((date) => at(date, '18:00'));

/** One of each status, one in the past, and a confirmed weekly series with a skipped week. */
export const MY_BOOKINGS: Booking[] = [
  booking('booking-requested', 2, at('2027-03-04', '14:00'), 'requested', {
    note: 'Ground floor room, please.',
  }),
  booking('booking-confirmed', 1, at('2027-03-08', '10:00'), 'confirmed'),
  booking('booking-declined', 2, at('2027-03-05', '11:00'), 'declined'),
  booking('booking-cancelled', 3, at('2027-03-10', '16:00'), 'cancelled'),
  booking('booking-past', 1, at('2027-02-22', '10:00'), 'confirmed'),
  ...seriesStarts.map((start, index) =>
    booking(`series-session-${index + 1}`, 1, start, 'confirmed', { seriesId: SERIES_ID }),
  ),
];

export const MY_SERIES: Series[] = [
  {
    id: SERIES_ID,
    serviceId: 1,
    serviceName: SERVICES[1]!.name,
    everyWeeks: 1,
    status: 'confirmed',
    weekday: 'Tuesday',
    time: '18:00',
    firstStart: seriesStarts[0]!,
    note: '',
    sessions: MY_BOOKINGS.filter((item) => item.seriesId === SERIES_ID).map(
      ({ id, start, end, status, actions }) => ({ id, start, end, status, actions }),
    ),
    skipped: [at('2027-03-16', '18:00')],
    endable: true,
  },
];

// ---- The practitioner's diary: the week of Monday 1 March 2027 and a request beyond it ----

const CLIENTS = {
  alex: { clientName: 'Alex Morgan', clientEmail: 'alex.morgan@example.com' },
  sam: { clientName: 'Sam Patel', clientEmail: 'sam.patel@example.com' },
  jordan: { clientName: 'Jordan Lee', clientEmail: 'jordan.lee@example.com' },
  priya: { clientName: 'Priya Shah', clientEmail: 'priya.shah@example.com' },
  chris: { clientName: 'Chris Evans', clientEmail: 'chris.evans@example.com' },
  taylor: { clientName: 'Taylor Brown', clientEmail: 'taylor.brown@example.com' },
  robin: { clientName: 'Robin Hughes', clientEmail: 'robin.hughes@example.com' },
} as const;

function diaryBooking(
  id: string,
  client: keyof typeof CLIENTS,
  serviceId: number,
  start: string,
  status: BookingStatus,
  note = '',
  payment?: PaymentStateView,
): PracticeBooking {
  const base = booking(id, serviceId, start, status, { note });
  const reminder =
    status === 'confirmed'
      ? { due: plusMinutes(start, -24 * 60), sentAt: null, failed: false }
      : null;
  return {
    ...base,
    cancellable: undefined,
    actions: actionsOf(status, start, 'practitioner'),
    ...CLIENTS[client],
    reminder,
    ...(payment && { payment }),
  };
}

/** Paid to the end of March: the longest payment badge the practice shows ("Paid to Sunday …"). */
const PAID_TO_MARCH = { status: 'paid', paidUntil: at('2027-03-28', '12:00') } as const;

/** The practitioner's view of the bookings: requests waiting, sessions, cancelled and declined. */
const DIARY_BOOKINGS: PracticeBooking[] = [
  diaryBooking('diary-1', 'jordan', 1, at('2027-03-02', '10:00'), 'confirmed', '', PAID_TO_MARCH),
  diaryBooking('diary-2', 'chris', 2, at('2027-03-02', '15:00'), 'cancelled'),
  diaryBooking('diary-3', 'alex', 2, at('2027-03-03', '14:00'), 'requested', 'Ground floor room.'),
  diaryBooking('diary-4', 'taylor', 1, at('2027-03-03', '11:00'), 'declined'),
  diaryBooking('diary-5', 'sam', 1, at('2027-03-04', '10:00'), 'requested'),
  diaryBooking('diary-6', 'priya', 3, at('2027-03-05', '16:00'), 'confirmed'),
  diaryBooking('diary-7', 'jordan', 1, at('2027-03-06', '09:30'), 'confirmed'),
  diaryBooking('diary-8', 'robin', 2, at('2027-03-11', '18:00'), 'requested'),
  // Sunday's column is the grid's last: its card must stay inside the grid.
  diaryBooking('diary-9', 'chris', 1, at('2027-03-07', '11:00'), 'confirmed', '', {
    status: 'unpaid',
  }),
];

// ---- One client's record, as the practitioner reads it ----

/** The uid in /practice/clients/<uid> that the record below answers for. */
export const RECORD_CLIENT_UID = 'client-jordan';

export const CLIENT_RECORD = {
  client: {
    uid: RECORD_CLIENT_UID,
    name: CLIENTS.jordan.clientName,
    email: CLIENTS.jordan.clientEmail,
  },
  intake: null,
  questionnaires: [],
  bookings: [
    {
      id: 'record-1',
      serviceId: 1,
      serviceName: SERVICES[1]!.name,
      start: at('2027-03-02', '10:00'),
      end: plusMinutes(at('2027-03-02', '10:00'), SERVICES[1]!.minutes),
      status: 'confirmed',
      seriesId: 'record-series',
      payment: PAID_TO_MARCH,
    },
  ],
};

/** A couple's partner who joined Jordan's standing time (issue 38): a score, and a shared note. */
export const PARTNER_RECORD_UID = 'client-pat';
const PARTNER = { name: 'Pat Lee', email: 'pat.lee@example.com' };
const sharedSession = (id: string, date: string) => ({
  id,
  serviceId: 2,
  serviceName: SERVICES[2]!.name,
  start: at(date, '18:00'),
  end: plusMinutes(at(date, '18:00'), SERVICES[2]!.minutes),
  status: 'confirmed',
  seriesId: 'couple-series',
  bookedBy: CLIENTS.jordan.clientName,
  participants: [{ ...PARTNER, status: 'joined' as const, agreementAccepted: true }],
});
/** A record with its session notes: what the partner's record answers with. */
export const PartnerRecordSchema = v.object({
  ...ClientRecordSchema.entries,
  notes: v.array(RecordNoteSchema),
});
export const PARTNER_RECORD: v.InferInput<typeof PartnerRecordSchema> = {
  client: { uid: PARTNER_RECORD_UID, ...PARTNER },
  intake: null,
  questionnaires: [
    {
      id: 'pat-phq-9',
      instrument: 'PHQ-9',
      answers: [1, 1, 1, 1, 1, 1, 1, 1, 0],
      total: 8,
      band: 'Mild',
      risk: false,
      riskItems: [],
      riskSeenAt: null,
      submittedAt: at('2027-02-22', '11:30'),
    },
  ],
  bookings: [
    sharedSession('pat-shared-1', '2027-02-23'),
    sharedSession('pat-shared-2', '2027-03-02'),
  ],
  notes: [
    {
      bookingId: 'pat-shared-1',
      start: at('2027-02-23', '18:00'),
      serviceName: SERVICES[2]!.name,
      text: 'Both spoke of the move; agreed one evening a week for themselves.',
      status: 'signed',
      signedAt: at('2027-02-23', '20:00'),
      addenda: [],
    },
  ],
};

const DIARY_BLOCKS: Block[] = [
  {
    id: 'block-1',
    start: at('2027-03-04', '12:00'),
    end: at('2027-03-04', '15:00'),
    reason: 'Supervision',
  },
];

/** The diary for London dates `from` to `to` (both included), or everything from today on. */
export function diaryBetween(from: string | null, to: string | null) {
  const first = from ?? practiceDate(now);
  const inRange = (instant: string) =>
    practiceDate(instant) >= first && (to === null || practiceDate(instant) <= to);
  return {
    bookings: DIARY_BOOKINGS.filter((item) => inRange(item.start)),
    blocks: DIARY_BLOCKS.filter((block) => inRange(block.start) || inRange(block.end)),
    seriesRequests: [],
  };
}

// ---- Free times for the picker ----

/**
 * The same few free times every week, none on Sundays or on the first day (minimum notice), so
 * the calendar shows free and full days side by side, and every part of the day has times.
 */
export function freeSlots(serviceId: number, from: string, days: number): Slot[] {
  const minutes = SERVICES[serviceId]?.minutes ?? 60;
  const times = ['08:30', '10:00', '11:30', '14:00', '15:30', '18:00', '19:30'];
  return Array.from({ length: days }, (_, index) => addDays(from, index)).flatMap((date) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const dayNumber = Number(date.slice(8, 10));
    if (date <= practiceDate(now) || weekday === 0 || dayNumber % 5 === 0) return [];
    const today = weekday === 6 ? times.slice(0, 3) : times.filter((_, i) => (i + dayNumber) % 3);
    return today.map((time) => {
      const start = at(date, time);
      return { start, end: plusMinutes(start, minutes) };
    });
  });
}

// ---- What a new request is answered with ----

/** The answer to POST /api/bookings: the request as asked, waiting for the practitioner. */
export function requestedBooking(asked: {
  serviceId: number;
  start: string;
  note: string;
  phone?: string | undefined;
}): Booking {
  return booking('booking-new', asked.serviceId, asked.start, 'requested', {
    note: asked.note,
    ...(asked.phone && { phone: asked.phone }),
  });
}

/**
 * The answer to POST /api/series: the chosen London time every week (or every other week) to the
 * end of the horizon, the third of them skipped as not free.
 */
export function requestedSeries(serviceId: number, start: string, note: string): Series {
  const service = SERVICES[serviceId]!;
  const everyWeeks = service.everyWeeks ?? 1;
  const time = practiceWallClock(start);
  const first = practiceDate(start);
  const starts: string[] = [];
  for (
    let date = first;
    date < addDays(practiceDate(now), 56);
    date = addDays(date, everyWeeks * 7)
  )
    starts.push(at(date, time));
  const skipped = starts.filter((_, index) => index === 2);
  const sessions = starts
    .filter((item) => !skipped.includes(item))
    .map((item, index) => {
      const made = booking(`series-new-${index + 1}`, serviceId, item, 'requested');
      return {
        id: made.id,
        start: made.start,
        end: made.end,
        status: made.status,
        actions: made.actions,
      };
    });
  return {
    id: 'series-new',
    serviceId,
    serviceName: service.name,
    everyWeeks,
    status: 'requested',
    weekday: dayOfWeek(first),
    time,
    firstStart: start,
    note,
    sessions,
    skipped,
    endable: true,
  };
}
