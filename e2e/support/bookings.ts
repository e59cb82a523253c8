import type { Locator, Page } from '@playwright/test';
import { LOCAL_STACKS, origin } from '../../scripts/local-stack';
import { addDays, dateIn, formatDay, formatTime, mondayOf } from '../../src/lib/practice-time';
import { enrolPractitioner, isPractitioner, passkeyIdToken } from './passkeys';
import { E2E } from './ports';
import type { TestUser } from './emulator';

/** The Auth emulator's admin credentials (any project's accounts, without a service account). */
const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const toolkit = `${E2E.authEmulator}/identitytoolkit.googleapis.com/v1`;
const mailWeb = origin(LOCAL_STACKS.e2e.ports.mailWeb);

async function call<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * Grants the `practitioner` custom claim as `npm run practitioner` does, and enrols her first
 * passkey from its link (e2e/support/passkeys.ts).
 */
export async function makePractitioner(user: TestUser): Promise<void> {
  await enrolPractitioner(user.uid);
}

/** Gives a user a name of their own (createUser names everyone "Test Visitor"). */
export async function renameUser(user: TestUser, displayName: string): Promise<void> {
  const { status } = await call(`${toolkit}/projects/${E2E.projectId}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: user.uid, displayName }),
  });
  if (status !== 200) throw new Error(`accounts:update answered ${status}`);
}

/**
 * An ID token for a user: the Auth emulator's password sign-in, and for the practitioner a
 * sign-in with her passkey through the API (the practice endpoints refuse a password alone).
 */
export async function idTokenFor(user: TestUser): Promise<string> {
  if (isPractitioner(user.uid)) return passkeyIdToken(user.uid);
  const { status, body } = await call<{ idToken: string }>(
    `${toolkit}/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  if (status !== 200) throw new Error(`signInWithPassword answered ${status}`);
  return body.idToken;
}

/** Calls the site's own API as a user, through Hosting's /api rewrite. */
export async function apiAs<T>(
  user: TestUser,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return call<T>(`${E2E.siteOrigin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${await idTokenFor(user)}`,
      'Content-Type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Deletes the user's account and so every booking of it (the API's one deletion), so runs leave times free. */
export async function deleteBookingsOf(user: TestUser): Promise<void> {
  await apiAs(user, '/api/account/deletion', { method: 'POST' });
}

/** Free start times for a service over a number of days from a London date. */
export async function freeStarts(serviceId: number, from: string, days = 7): Promise<string[]> {
  const query = new URLSearchParams({ service: String(serviceId), from, days: String(days) });
  const { status, body } = await call<{ slots: { start: string }[] }>(
    `${E2E.siteOrigin}/api/availability?${query}`,
  );
  if (status !== 200) throw new Error(`availability answered ${status}`);
  return body.slots.map((slot) => slot.start);
}

export { dateIn as londonDate, formatDay, formatTime } from '../../src/lib/practice-time';

/** The London date `weeks` checkout weeks from today (the checkout's week N starts there). */
export const checkoutWeekStart = (weeks: number) => addDays(dateIn(Date.now()), weeks * 7);

/** How many times to press the diary's "Next week" to reach the week holding an instant. */
export function diaryWeeksUntil(instant: string): number {
  const thisMonday = mondayOf(dateIn(Date.now()));
  const target = mondayOf(dateIn(instant));
  return Math.round(
    (Date.parse(`${target}T00:00:00Z`) - Date.parse(`${thisMonday}T00:00:00Z`)) / (7 * 86_400_000),
  );
}

interface MailDevEmail {
  id: string;
  subject: string;
  text?: string;
  to: { address: string }[];
  attachments?: { contentType: string; fileName: string; generatedFileName?: string }[];
}

/** Every email MailDev caught for an address. */
export async function emailsTo(address: string): Promise<MailDevEmail[]> {
  const { body } = await call<MailDevEmail[]>(`${mailWeb}/email`);
  return body.filter((email) =>
    email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
  );
}

/** The calendar file of the address's email whose subject starts so, as text ('' until it came). */
export async function calendarOf(address: string, subject: string): Promise<string> {
  const email = (await emailsTo(address)).find((each) => each.subject.startsWith(subject));
  const file = email?.attachments?.find((each) => each.contentType.startsWith('text/calendar'));
  if (!email || !file) return '';
  const name = encodeURIComponent(file.generatedFileName ?? file.fileName);
  const response = await fetch(`${mailWeb}/email/${email.id}/attachment/${name}`);
  return response.ok ? response.text() : '';
}

/** A checkout day's radio, named as a screen reader hears it: "Tuesday 7 April, 3 free times". */
export const checkoutDay = (page: Page, date: string) =>
  page.getByRole('radio', { name: new RegExp(`^${formatDay(`${date}T12:00:00Z`)}, `) });

/** A checkout time's radio, named as a screen reader hears it: "14:30, Tuesday 7 April". */
export const checkoutTime = (page: Page, start: string) =>
  page.getByRole('radio', { name: new RegExp(`^${formatTime(start)}, ${formatDay(start)}`) });

/** Chooses a checkout day or time as a pointer does: on the label that draws the radio. */
export async function pick(radio: Locator): Promise<void> {
  await radio.locator('xpath=following-sibling::label[1]').click();
}

/** The first London date with free times in a checkout week, and that day's free starts. */
export async function freeDayOfWeek(serviceId: number, week: number) {
  const starts = await freeStarts(serviceId, checkoutWeekStart(week));
  if (starts.length === 0) throw new Error(`no free times in checkout week ${week}`);
  const day = dateIn(starts[0]!);
  return { day, starts: starts.filter((start) => dateIn(start) === day) };
}

/**
 * Waits until the API answers: the Functions emulator loads the function a little after Hosting
 * starts answering, and a test that books first thing would otherwise meet its 404s.
 */
export async function waitForApi(timeoutMs = 60_000): Promise<void> {
  const query = new URLSearchParams({ service: '2', from: dateIn(Date.now()), days: '1' });
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${E2E.siteOrigin}/api/availability?${query}`);
    await response.text();
    if (response.status === 200) return;
    if (Date.now() > until) throw new Error(`the API still answers ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
