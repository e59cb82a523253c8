// What `--signed-in` puts into the bench stack before measuring: a verified client with one
// session request, and the practitioner enrolled as she is (the claims of `npm run practitioner`,
// then her first passkey from the enrolment link through the API: passkey.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Service } from '../../shared/service.ts';
import { LOCAL_STACKS, origin } from '../local-stack.ts';
import { enrolPasskey, practitionerClaims, type PasskeyKey } from './passkey.ts';
import { root } from './processes.ts';

export type Role = 'client' | 'practitioner';

export interface Credentials {
  email: string;
  password: string;
}

export interface Seed {
  users: Record<Role, Credentials>;
  clientUid: string;
  /** Her passkey (the one she enrolled), for the browser that signs her in. */
  passkey: PasskeyKey;
}

const stack = LOCAL_STACKS.bench;
const toolkit = `${origin(stack.ports.auth)}/identitytoolkit.googleapis.com/v1`;
const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An account straight in the emulator (admin API), verified: as e2e/support/emulator.ts does. */
async function createUser(label: string, displayName: string) {
  const user = { email: `${label}@example.com`, password: 'correct-horse-42' };
  const { localId } = await call<{ localId: string }>(
    `${toolkit}/projects/${stack.projectId}/accounts`,
    {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ ...user, displayName, emailVerified: true }),
    },
  );
  return { ...user, uid: localId };
}

/** An ID token of a password sign-in, as the login form gets one. */
async function passwordIdToken(user: Credentials): Promise<string> {
  const { idToken } = await call<{ idToken: string }>(
    `${toolkit}/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...user, returnSecureToken: true }),
    },
  );
  return idToken;
}

/** A service of public/service.json one person books once (no partner or family to name). */
function oneOffService(): number {
  const services = JSON.parse(
    fs.readFileSync(path.join(root, 'public', 'service.json'), 'utf8'),
  ) as Pick<Service, 'id' | 'everyWeeks' | 'attendees'>[];
  const service = services.find((each) => !each.everyWeeks && !each.attendees);
  if (!service) throw new Error('public/service.json has no one-off service for one person');
  return service.id;
}

/** The London date `days` from now, as the API's `from` takes it. */
const londonDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    Date.now() + days * 86_400_000,
  );

/**
 * The client (verified) with one session request a week or two ahead, so that My bookings, My data
 * and the diary show a real row; the practitioner with her claims and her first passkey.
 * `api` is the function's address, `siteOrigin` the site it takes as its passkeys' origin.
 */
export async function seed(api: string, siteOrigin: string): Promise<Seed> {
  const post = <T>(path: string, body: unknown, idToken: string) =>
    call<T>(`${api}/api${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const client = await createUser('bench-client', 'Bench Client');
  const practitioner = await createUser('bench-practitioner', 'Bench Practitioner');
  const { token: enrolment, claims } = practitionerClaims();
  await call(`${toolkit}/projects/${stack.projectId}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: practitioner.uid, customAttributes: JSON.stringify(claims) }),
  });
  // A token issued after the claims, so that it carries them (as her sign-in after the link).
  const passkey = await enrolPasskey(post, {
    idToken: await passwordIdToken(practitioner),
    enrolment,
    siteOrigin,
  });
  const serviceId = oneOffService();
  const query = new URLSearchParams({
    service: String(serviceId),
    from: londonDate(7),
    days: '14',
  });
  const { slots } = await call<{ slots: { start: string }[] }>(`${api}/api/availability?${query}`);
  if (!slots[0]) throw new Error('The bench stack offers no free time to book');
  await post(
    '/bookings',
    { serviceId, start: slots[0].start, note: 'Seeded by the bench' },
    await passwordIdToken(client),
  );
  return { users: { client, practitioner }, clientUid: client.uid, passkey };
}
