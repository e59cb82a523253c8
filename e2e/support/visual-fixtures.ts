import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import * as v from 'valibot';
import {
  AvailabilitySchema,
  BookingRequestSchema,
  BookingSchema,
  DiarySchema,
  MyBookingsSchema,
  SeriesListSchema,
  SeriesSchema,
  type Block,
  type Booking,
  type BookingStatus,
  type PracticeBooking,
  type Series,
  type Slot,
} from '../../shared/booking';
import { allowedActions, type Actor } from '../../shared/booking-status';
import { GivenUpListSchema } from '../../shared/given-up-api';
import { RecordNoteSchema } from '../../shared/clinical-api';
import { AuditSchema, ClientRecordSchema, RiskFlagsSchema } from '../../shared/intake';
import type { PaymentStateView } from '../../shared/payments-api';
import { QuestionnairesSchema } from '../../shared/questionnaires';
import { PracticeWaitlistSchema, WaitlistSchema } from '../../shared/waitlist';
import { FREE_CALL } from '../../shared/service';
import { BusyCalendarViewSchema } from '../../shared/busy-calendar';
import { TextRemindersViewSchema } from '../../shared/text-reminders';
import {
  addDays,
  dayOfWeek,
  practiceDate,
  practiceInstant,
  practiceWallClock,
} from '../../shared/time';
import { lookupUser, type TestUser } from './emulator';
import { E2E } from './ports';

/**
 * The one instant every visual test stands on (a Monday, GMT): the browser's clock is fixed here
 * and every answer of /api/** below is written around it, so no screenshot depends on the day the
 * suite runs or on what other tests booked.
 */
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
const MY_BOOKINGS: Booking[] = [
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

const MY_SERIES: Series[] = [
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

const CLIENT_RECORD = {
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
const PartnerRecordSchema = v.object({
  ...ClientRecordSchema.entries,
  notes: v.array(RecordNoteSchema),
});
const PARTNER_RECORD: v.InferInput<typeof PartnerRecordSchema> = {
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
function diaryBetween(from: string | null, to: string | null) {
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
function freeSlots(serviceId: number, from: string, days: number): Slot[] {
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

/**
 * The answer to POST /api/series: the chosen London time every week (or every other week) to the
 * end of the horizon, the third of them skipped as not free.
 */
function seriesFrom(serviceId: number, start: string, note: string): Series {
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

// ---- Accounts ----

const toolkit = `${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/projects/${E2E.projectId}`;
const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

async function admin(path: string, body: unknown): Promise<{ localId?: string }> {
  const response = await fetch(`${toolkit}/${path}`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { localId?: string };
}

/**
 * An emulator account with the same address on every run (one per test, so parallel tests never
 * share it): a random address would change the width of the text around it, which no mask hides.
 * One left by an earlier run against a reused emulator is deleted first.
 */
export async function visualUser(key: string, verified: boolean): Promise<TestUser> {
  const email = `visual-${key}@example.com`;
  const old = await lookupUser(email);
  if (old) await admin('accounts:delete', { localId: old.localId });
  const password = 'correct-horse-42';
  const displayName = 'Test Visitor';
  const { localId } = await admin('accounts', {
    email,
    password,
    displayName,
    emailVerified: verified,
  });
  if (!localId) throw new Error(`no account made for ${email}`);
  return { uid: localId, email, password, displayName };
}

// ---- Answering /api/** ----

const json = <T extends v.GenericSchema>(route: Route, schema: T, body: unknown, status = 200) =>
  // Parsed here as the page will parse it: a fixture that drifts from the schema fails loudly.
  route.fulfill({ status, contentType: 'application/json', json: v.parse(schema, body) });

/**
 * Answers every call the pages make to /api/** from the fixtures above, except the passkey step's
 * (the real API checks it); anything else is a 404, which the suite's fixture reports as a failure
 * (so a new endpoint needs a fixture here).
 */
export async function answerApiFromFixtures(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const path = url.pathname;

    if (method === 'GET' && path === '/api/availability') {
      const serviceId = Number(url.searchParams.get('service'));
      const from = url.searchParams.get('from') ?? practiceDate(now);
      const days = Number(url.searchParams.get('days') ?? '7');
      return json(route, AvailabilitySchema, {
        timeZone: 'Europe/London',
        slots: freeSlots(serviceId, from, days),
      });
    }
    if (method === 'POST' && path === '/api/bookings') {
      const asked = v.parse(BookingRequestSchema, request.postDataJSON());
      const made = booking('booking-new', asked.serviceId, asked.start, 'requested', {
        note: asked.note,
        ...(asked.phone && { phone: asked.phone }),
      });
      return json(route, BookingSchema, made, 201);
    }
    if (method === 'POST' && path === '/api/series') {
      const asked = v.parse(BookingRequestSchema, request.postDataJSON());
      return json(route, SeriesSchema, seriesFrom(asked.serviceId, asked.start, asked.note), 201);
    }
    if (method === 'GET' && path === '/api/bookings')
      return json(route, MyBookingsSchema, { bookings: MY_BOOKINGS });
    if (method === 'GET' && path === '/api/series')
      return json(route, SeriesListSchema, { series: MY_SERIES });
    // Text reminders: off, as for a new client (My account asks on every open).
    if (method === 'GET' && path === '/api/account/sms')
      return json(route, TextRemindersViewSchema, {
        phone: null,
        consentedAt: null,
        stoppedByReply: false,
      });
    // Her own calendar: not connected in the fixtures (the diary asks on every open).
    if (method === 'GET' && path === '/api/practice/busy-calendar')
      return json(route, BusyCalendarViewSchema, { connected: false });
    if (method === 'GET' && path === '/api/practice/bookings') {
      const { searchParams } = url;
      return json(
        route,
        DiarySchema,
        diaryBetween(searchParams.get('from'), searchParams.get('to')),
      );
    }
    if (method === 'GET' && path === `/api/practice/clients/${RECORD_CLIENT_UID}`)
      return json(route, ClientRecordSchema, CLIENT_RECORD);
    if (method === 'GET' && path === `/api/practice/clients/${PARTNER_RECORD_UID}`)
      return json(route, PartnerRecordSchema, PARTNER_RECORD);
    if (method === 'GET' && path === '/api/practice/audit')
      return json(route, AuditSchema, { entries: [] });
    if (method === 'GET' && path === '/api/waitlist')
      return json(route, WaitlistSchema, { entries: [] });
    if (method === 'GET' && path === '/api/practice/waitlist')
      return json(route, PracticeWaitlistSchema, { entries: [] });
    if (method === 'GET' && path === '/api/practice/given-up')
      return json(route, GivenUpListSchema, { items: [] });
    if (method === 'GET' && path === '/api/practice/risk-flags')
      return json(route, RiskFlagsSchema, { flags: [] });
    if (method === 'GET' && path === '/api/questionnaires')
      return json(route, QuestionnairesSchema, {
        questionnaires: [],
        due: false,
        intakeDue: false,
      });
    // Her passkey step goes to the real API: no fixture stands in for its check.
    if (path.startsWith('/api/passkeys/')) return route.fallback();

    return route.fulfill({
      status: 404,
      contentType: 'application/problem+json',
      json: {
        type: 'about:blank',
        title: 'No fixture',
        status: 404,
        detail: `e2e/support/visual-fixtures.ts has no answer for ${method} ${path}.`,
      },
    });
  });
}
