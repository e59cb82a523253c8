/**
 * The fixture API of the visual tests: every call a page makes to /api/** is answered from the
 * fixed world in e2e/support/visual-data.ts, parsed with the contract's schema first.
 */
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
} from '../../shared/booking';
import { GivenUpListSchema } from '../../shared/given-up-api';
import { AuditSchema, ClientRecordSchema } from '../../shared/intake';
import { RiskFlagsSchema } from '../../shared/risk-flags';
import { QuestionnairesSchema } from '../../shared/questionnaires';
import { PracticeWaitlistSchema, WaitlistSchema } from '../../shared/waitlist';
import { BusyCalendarViewSchema } from '../../shared/busy-calendar';
import { TextRemindersViewSchema } from '../../shared/text-reminders';
import { practiceDate } from '../../shared/time';
import {
  CLIENT_RECORD,
  diaryBetween,
  freeSlots,
  MY_BOOKINGS,
  MY_SERIES,
  PARTNER_RECORD,
  PARTNER_RECORD_UID,
  PartnerRecordSchema,
  RECORD_CLIENT_UID,
  requestedBooking,
  requestedSeries,
  VISUAL_NOW,
} from './visual-data';

const json = <T extends v.GenericSchema>(route: Route, schema: T, body: unknown, status = 200) =>
  // Parsed here as the page will parse it: a fixture that drifts from the schema fails loudly.
  route.fulfill({ status, contentType: 'application/json', json: v.parse(schema, body) });

/**
 * Answers every call the pages make to /api/** from the fixtures, except the passkey step's
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
      const from = url.searchParams.get('from') ?? practiceDate(new Date(VISUAL_NOW));
      const days = Number(url.searchParams.get('days') ?? '7');
      return json(route, AvailabilitySchema, {
        timeZone: 'Europe/London',
        slots: freeSlots(serviceId, from, days),
      });
    }
    if (method === 'POST' && path === '/api/bookings') {
      const asked = v.parse(BookingRequestSchema, request.postDataJSON());
      return json(route, BookingSchema, requestedBooking(asked), 201);
    }
    if (method === 'POST' && path === '/api/series') {
      const asked = v.parse(BookingRequestSchema, request.postDataJSON());
      return json(
        route,
        SeriesSchema,
        requestedSeries(asked.serviceId, asked.start, asked.note),
        201,
      );
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
        detail: `e2e/support/visual-api.ts has no answer for ${method} ${path}.`,
      },
    });
  });
}
