import { changeStatus, insertBooking } from '../../bookings';
import type { Database } from '../../platform/database/database';
import type { TestAccount } from '../accounts';
import type { ApiStack } from '../api-stack';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface SessionOptions {
  /** Individual counselling (50 minutes) unless given. */
  serviceId?: number;
  mode?: 'video';
  /** The client's name on the booking. */
  name?: string;
  note?: string;
  /** When the client asked for it (a week before the start unless given). */
  requestedAt?: Date;
}

/** A session request written straight to the database, as the client would have made it. */
export async function requestedSession(
  db: Database,
  who: TestAccount,
  start: string,
  options: SessionOptions = {},
) {
  const at = new Date(start);
  const made = await insertBooking(
    db,
    {
      client: { uid: who.uid, email: who.email, name: options.name ?? 'Ada Client' },
      serviceId: options.serviceId ?? 1,
      start: at,
      end: new Date(at.getTime() + 50 * MINUTE),
      busyUntil: new Date(at.getTime() + 60 * MINUTE),
      note: options.note ?? '',
      ...(options.mode && { mode: options.mode }),
    },
    { maxOpenRequests: 3, now: options.requestedAt ?? new Date(at.getTime() - 7 * DAY) },
  );
  if (made.outcome !== 'created') throw new Error(made.outcome);
  return made.booking;
}

/** A session written straight to the database and confirmed at its start; answers the row. */
export async function confirmedSession(
  db: Database,
  who: TestAccount,
  start: string,
  options: SessionOptions = {},
) {
  const requested = await requestedSession(db, who, start, options);
  const confirmed = await changeStatus(
    db,
    requested.id,
    ['requested'],
    'confirmed',
    new Date(start),
  );
  if (!confirmed) throw new Error(`session ${requested.id} was not confirmed`);
  return confirmed;
}

/** A session the client asks for and the practitioner confirms, through the API. */
export async function bookAndConfirm(
  request: ApiStack['request'],
  who: TestAccount,
  practitioner: TestAccount,
  booking: { serviceId: number; start: string } & Record<string, unknown>,
) {
  const asked = await request('POST', '/bookings', who, booking);
  expect(asked.status).toBe(201);
  const answer = await request('POST', `/bookings/${asked.json.id}/confirm`, practitioner);
  expect(answer.status).toBe(200);
  return answer.json as { id: string };
}
