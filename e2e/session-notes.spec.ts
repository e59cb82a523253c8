/**
 * Session notes, attendance and Join in the browser (issue 26), on the production build.
 *
 * The API these screens call is tested against the real server in functions/src/http/notes.test.ts
 * and sessions.test.ts (PGlite and PostgreSQL), where the server's clock is a parameter. The e2e
 * stack's server runs on the wall clock and books only ahead of it, so it cannot hold a session
 * that has already happened: here the browser's clock is fixed and the practice's /api/** calls are
 * answered by a small stateful stand-in that keeps to shared/clinical-api.ts (every answer is
 * parsed with the contract's schemas). Sign-in is the real Auth emulator, and a client's request
 * for a note goes to the real API.
 */
import type { Locator, Page, Route } from '@playwright/test';
import * as v from 'valibot';
import {
  DiarySchema,
  MyBookingsSchema,
  type Attendance,
  type Booking,
  type PracticeBooking,
} from '../shared/booking';
import { VIDEO_JOIN_OPENS_MINUTES_BEFORE } from '../shared/booking-rules';
import { allowedActions } from '../shared/booking-status';
import {
  AttendanceRequestSchema,
  AttendedBookingSchema,
  NoteSchema,
  NoteTextRequestSchema,
  type Note,
} from '../shared/clinical-api';
import { AuditSchema } from '../shared/intake';
import { practiceInstant } from '../shared/time';
import { apiAs } from './support/bookings';
import { createUser } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { signIn, signInForPictures } from './support/signed-in';
import { answerApiFromFixtures } from './support/visual-api';
import { watchApiRequests } from './support/api-in-flight';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture } from './support/screenshots';
import { BusyCalendarViewSchema } from '../shared/busy-calendar';

const WIDTHS = [375, 1280] as const;
const VIEWPORTS = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
} as const;

/** Monday 1 March 2027, 12:00 in London (GMT): a session this morning has ended. */
const NOW = '2027-03-01T12:00:00.000Z';
const at = (time: string) => practiceInstant('2027-03-01', time).toISOString();
const CLIENT_UID = 'client-jordan';
const HOSTILE = '<img src=x onerror="window.__hacked=1"><b>not bold</b>';

/** Presses Tab until `target` has the focus (keyboard alone), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 120; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

function session(
  id: string,
  start: string,
  minutes: number,
  extra: Partial<PracticeBooking> = {},
): PracticeBooking {
  const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return {
    id,
    serviceId: 1,
    serviceName: 'Individual Therapy',
    start,
    end,
    status: 'confirmed',
    note: '',
    actions: allowedActions(
      { status: 'confirmed', start: new Date(start) },
      'practitioner',
      new Date(NOW),
    ),
    seriesId: null,
    mode: 'in-person',
    clientName: 'Jordan Lee',
    clientEmail: 'jordan.lee@example.com',
    clientUid: CLIENT_UID,
    reminder: null,
    attendance: null,
    ...extra,
  };
}

/** The practice's clinical API for one test: one past session with its note and attendance. */
class PracticeStandIn {
  note: Note = { text: '', status: 'draft', addenda: [] };
  attendance: Attendance | null = null;
  readonly puts: string[] = [];
  /** The next this-many draft saves fail with 503 (a dropped connection at the server's door). */
  failNextPuts = 0;
  readonly past = session('past-1', at('10:00'), 50);
  readonly upcoming: PracticeBooking[] = [];

  private readonly now: () => string;

  constructor(now: () => string) {
    this.now = now;
  }

  async attach(page: Page) {
    await answerApiFromFixtures(page);
    // Registered later, so asked first; anything else falls back to the visual fixtures.
    await page.route('**/api/**', (route) => this.answer(route));
  }

  private json(route: Route, schema: v.GenericSchema, body: unknown, status = 200) {
    return route.fulfill({ status, contentType: 'application/json', json: v.parse(schema, body) });
  }

  private problem(route: Route, status: number, detail: string) {
    return route.fulfill({
      status,
      contentType: 'application/problem+json',
      json: { type: 'about:blank', title: 'Refused', status, detail },
    });
  }

  private bookings(): PracticeBooking[] {
    return [{ ...this.past, attendance: this.attendance }, ...this.upcoming];
  }

  private async answer(route: Route) {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const path = url.pathname;
    const notePath = `/api/practice/bookings/${this.past.id}/note`;

    // Her own calendar: not connected here (the diary asks on every open).
    if (method === 'GET' && path === '/api/practice/busy-calendar')
      return this.json(route, BusyCalendarViewSchema, { connected: false });
    if (method === 'GET' && path === '/api/practice/bookings')
      return this.json(route, DiarySchema, {
        bookings: this.bookings(),
        blocks: [],
        seriesRequests: [],
      });
    if (method === 'GET' && path === notePath) return this.json(route, NoteSchema, this.note);
    if (method === 'PUT' && path === notePath) {
      const { text } = v.parse(NoteTextRequestSchema, request.postDataJSON());
      if (this.failNextPuts > 0) {
        this.failNextPuts -= 1;
        return this.problem(route, 503, 'The service is busy.');
      }
      if (this.note.status === 'signed')
        return this.problem(route, 409, 'This note is signed and cannot be changed.');
      this.puts.push(text);
      this.note = { ...this.note, text };
      return this.json(route, NoteSchema, this.note);
    }
    if (method === 'POST' && path === `${notePath}/sign`) {
      this.note = { ...this.note, status: 'signed', signedAt: this.now() };
      return this.json(route, NoteSchema, this.note);
    }
    if (method === 'POST' && path === `${notePath}/addenda`) {
      const { text } = v.parse(NoteTextRequestSchema, request.postDataJSON());
      this.note = { ...this.note, addenda: [...this.note.addenda, { text, at: this.now() }] };
      return this.json(route, NoteSchema, this.note);
    }
    if (method === 'POST' && path === `/api/practice/bookings/${this.past.id}/attendance`) {
      const { attendance } = v.parse(AttendanceRequestSchema, request.postDataJSON());
      this.attendance = attendance;
      return this.json(route, AttendedBookingSchema, { ...this.past, attendance });
    }
    if (method === 'POST' && /^\/api\/practice\/bookings\/[^/]+\/attendance$/.test(path))
      return this.problem(route, 422, 'Attendance can be marked once the session has ended.');
    if (method === 'GET' && path === `/api/practice/clients/${CLIENT_UID}`) {
      const counts = { attended: 0, 'late-cancellation': 0, 'no-show': 0, 'practice-cancelled': 0 };
      if (this.attendance) counts[this.attendance] += 1;
      return route.fulfill({
        json: {
          client: { uid: CLIENT_UID, name: 'Jordan Lee', email: 'jordan.lee@example.com' },
          intake: null,
          questionnaires: [],
          bookings: this.bookings().map(
            ({ id, serviceId, serviceName, start, end, status, attendance, mode }) => ({
              id,
              serviceId,
              serviceName,
              start,
              end,
              status,
              attendance,
              mode,
            }),
          ),
          notes: [],
          attendance: counts,
          outcomes: [],
          riskFollowUps: [],
        },
      });
    }
    if (method === 'GET' && path === '/api/practice/audit')
      return this.json(route, AuditSchema, { entries: [] });
    return route.fallback();
  }
}

async function signInAsPractitioner(page: Page, key: string) {
  await signInForPictures(page, `notes-${key}-${test.info().repeatEachIndex}`, {
    practitioner: true,
  });
}

async function openRecord(page: Page) {
  await page.goto(`/practice/clients/${CLIENT_UID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Lee’s record' })).toBeVisible();
  await ready(page);
}

const noteField = (page: Page) => page.getByRole('textbox', { name: 'Session note (draft)' });
const tools = (page: Page) => page.locator('.session-tools').first();

/**
 * Scrolls the note's tools to just under the sticky navbar: Tab leaves them wherever the last
 * field was, partly under the bar, which would draw the bar into the picture and hide the
 * "Close the note" button from axe's target-size check.
 */
async function showTools(page: Page) {
  const navbar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  await tools(page).evaluate((element, below) => {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - below - 8);
  }, navbar?.height ?? 0);
}

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: VIEWPORTS[width] });

    test('the practitioner writes, signs and amends a note and marks attendance, by keyboard', async ({
      page,
      expectProblems,
    }) => {
      // Two reloads, two axe runs and two screenshots: more than the usual test's time.
      test.slow();
      // The one failed save below, on purpose.
      expectProblems(/response 503: .*\/api\/practice\/bookings\/past-1\/note$/);
      await page.clock.setFixedTime(new Date(NOW));
      const api = new PracticeStandIn(() => new Date(NOW).toISOString());
      await api.attach(page);
      await signInAsPractitioner(page, `record-${width}`);
      await openRecord(page);
      await expect(
        page.getByText(
          'Attendance: Attended 0, Late cancellation 0, No-show 0, Cancelled by the practice 0.',
        ),
      ).toBeVisible();

      // Keyboard alone: open the session's note and write it.
      // Named "Note and attendance" while closed, "Close the note" while open.
      const open = page.getByRole('button', { name: /^(Note and attendance|Close the note)/ });
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      await expect(open).toHaveAttribute('aria-expanded', 'true');
      await tabTo(page, noteField(page));
      await page.keyboard.type(`First session. ${HOSTILE}`);
      await expect(page.getByRole('status').filter({ hasText: 'Saved at 12:00' })).toBeVisible();
      expect(api.puts.at(-1)).toBe(`First session. ${HOSTILE}`);
      await showTools(page);
      await expectPicture(tools(page), `note-draft-${width}.png`);
      await expectNoAxeViolations(page, 'draft note');

      // Reloaded: the words are there.
      await page.reload();
      await openRecord(page);
      await page.getByRole('button', { name: /^Note and attendance/ }).click();
      await expect(noteField(page)).toHaveValue(`First session. ${HOSTILE}`);

      // A save that fails says so and keeps the text; a reload keeps it too, and saves it.
      api.failNextPuts = 1;
      await noteField(page).press('Control+End');
      await noteField(page).pressSequentially(' Talked about work.');
      await expect(
        page.getByText('Not saved: check your connection. Your text is kept here.'),
      ).toBeVisible();
      await expect(noteField(page)).toHaveValue(`First session. ${HOSTILE} Talked about work.`);
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await page.reload();
      await openRecord(page);
      await page.getByRole('button', { name: /^Note and attendance/ }).click();
      await expect(noteField(page)).toHaveValue(`First session. ${HOSTILE} Talked about work.`);
      await expect(page.getByRole('status').filter({ hasText: 'Saved at 12:00' })).toBeVisible();
      expect(api.puts.at(-1)).toBe(`First session. ${HOSTILE} Talked about work.`);

      // Sign: asked first, then read-only, the words as text.
      await tabTo(page, page.getByRole('button', { name: 'Sign note' }));
      await page.keyboard.press('Enter');
      await expect(
        page.getByText(/^Sign this note\? Once signed it cannot be changed/),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Yes, sign it' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Signed on Monday 1 March 2027 at 12:00')).toBeVisible();
      await expect(noteField(page)).toHaveCount(0);
      await expect(
        tools(page).getByText(`First session. ${HOSTILE} Talked about work.`),
      ).toBeVisible();
      expect(await page.evaluate(() => 'hacked' in window || '__hacked' in window)).toBe(false);

      // An addendum, dated under it.
      const addendum = page.getByRole('textbox', { name: 'Add an addendum' });
      await tabTo(page, addendum);
      await page.keyboard.type('Client phoned on Tuesday to say thank you.');
      await tabTo(page, page.getByRole('button', { name: 'Add addendum' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Addendum added.' })).toBeVisible();
      await expect(tools(page).getByRole('listitem')).toHaveText([
        /^Monday 1 March 2027 at 12:00\s*Client phoned on Tuesday to say thank you\.$/,
      ]);
      await expect(addendum).toHaveValue('');

      // Attendance: choose and save by keyboard; the record's count follows.
      const attended = page.getByRole('radio', { name: 'Attended' });
      await tabTo(page, attended);
      await page.keyboard.press('Space');
      await expect(attended).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: 'Save attendance' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Saved: Attended.' })).toBeVisible();
      await expect(page.getByText('Marked: Attended.')).toBeVisible();
      await expect(
        page.getByText(
          'Attendance: Attended 1, Late cancellation 0, No-show 0, Cancelled by the practice 0.',
        ),
      ).toBeVisible();
      await showTools(page);
      await expectPicture(tools(page), `note-signed-attendance-${width}.png`);
      await expectNoAxeViolations(page, 'signed note and attendance');
    });
  });
}

test("the diary's dialog offers the note and attendance after a session, nothing before it", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS[1280]);
  await page.clock.setFixedTime(new Date(NOW));
  const api = new PracticeStandIn(() => new Date(NOW).toISOString());
  api.upcoming.push(session('later-1', at('15:00'), 50, { clientName: 'Sam Patel' }));
  await api.attach(page);
  await signInAsPractitioner(page, 'diary');
  await page.goto('/practice');
  await expect(page.getByRole('heading', { name: /^Week of Monday 1 March 2027/ })).toBeVisible();

  await page
    .getByRole('button', { name: /Jordan Lee/ })
    .filter({ visible: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /with Jordan Lee/ });
  await expect(dialog.getByText('In person', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Session note (draft)' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'No-show' }).check();
  await dialog.getByRole('button', { name: 'Save attendance' }).click();
  await expect(dialog.getByText('Marked: No-show.')).toBeVisible();
  expect(api.attendance).toBe('no-show');
  await expectNoAxeViolations(page, 'the diary dialog of a past session');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page
    .getByRole('button', { name: /Sam Patel/ })
    .filter({ visible: true })
    .first()
    .click();
  const later = page.getByRole('dialog', { name: /with Sam Patel/ });
  await expect(later.getByText('In person', { exact: true })).toBeVisible();
  await expect(later.getByRole('textbox')).toHaveCount(0);
  await expect(later.getByRole('radio')).toHaveCount(0);
});

test('Join appears by itself 10 minutes before a video session, not 11, in the diary and My bookings', async ({
  page,
}) => {
  const start = at('12:11');
  const before = (minutes: number) => new Date(Date.parse(start) - minutes * 60_000);
  expect(VIDEO_JOIN_OPENS_MINUTES_BEFORE).toBe(10);
  await page.setViewportSize(VIEWPORTS[1280]);
  await page.clock.install({ time: before(11) });
  const joinUrl = 'https://meet.jit.si/mp-0123456789abcdef0123456789abcdef';
  const api = new PracticeStandIn(() => NOW);
  api.upcoming.push(
    session('video-1', start, 50, { clientName: 'Sam Patel', mode: 'video', joinUrl }),
  );
  await api.attach(page);
  await signInAsPractitioner(page, 'join');
  const apiRequests = watchApiRequests(page);
  await page.goto('/practice');
  await page
    .getByRole('button', { name: /Sam Patel/ })
    .filter({ visible: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /with Sam Patel/ });
  await expect(dialog.getByText('By video', { exact: true })).toBeVisible();
  const join = dialog.getByRole('link', { name: /^Join video session/ });
  await expect(join).toHaveCount(0);
  await apiRequests.settled();
  await page.clock.runFor(60_000);
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute('href', joinUrl);
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
});

test("a client's video session offers Join from 10 minutes before, and no note anywhere", async ({
  page,
}) => {
  const client = await createUser({ verified: true, label: 'notes-client' });
  // The real API refuses a client any note, their own session's too: the note routes are hers.
  expect((await apiAs(client, '/api/practice/bookings/any-session/note')).status).toBe(403);

  const start = at('12:11');
  await page.clock.install({ time: new Date(Date.parse(start) - 11 * 60_000) });
  const joinUrl = 'https://meet.jit.si/mp-fedcba9876543210fedcba9876543210';
  const mine: Booking[] = [
    {
      id: 'mine-video',
      serviceId: 1,
      serviceName: 'Individual Therapy',
      start,
      end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
      status: 'confirmed',
      note: '',
      cancellable: false,
      actions: [],
      seriesId: null,
      mode: 'video',
      joinUrl,
    },
    {
      id: 'mine-past',
      serviceId: 1,
      serviceName: 'Individual Therapy',
      start: at('10:00'),
      end: at('10:50'),
      status: 'confirmed',
      note: '',
      cancellable: false,
      actions: [],
      seriesId: null,
      mode: 'in-person',
    },
  ];
  const noteCalls: string[] = [];
  await answerApiFromFixtures(page);
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.includes('/note')) noteCalls.push(url.pathname);
    if (route.request().method() === 'GET' && url.pathname === '/api/bookings')
      return route.fulfill({ json: v.parse(MyBookingsSchema, { bookings: mine }) });
    return route.fallback();
  });
  const apiRequests = watchApiRequests(page);
  await signIn(page, client, '/bookings');
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  await expect(page.getByText('By video', { exact: true })).toBeVisible();
  await expect(page.getByText('In person', { exact: true })).toBeVisible();
  const join = page.getByRole('link', { name: /^Join video session/ });
  await expect(join).toHaveCount(0);
  await apiRequests.settled();
  await page.clock.runFor(60_000);
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute('href', joinUrl);
  await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByText(/session note/i)).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  expect(noteCalls).toEqual([]);
});
