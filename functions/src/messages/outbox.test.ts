import net from 'node:net';
import { sql } from 'kysely';
import { practiceFacts } from '../../../shared/practice';
import { insertBooking } from '../bookings';
import { queueMessages } from '../outbox';
import { loadServices } from '../platform/services';
import { deliverDueMessages } from './sender';
import type { MailMessage } from '../platform/mail/transport';
import { type Mailer, SMTP_GREETING_TIMEOUT_MS } from '../platform/mail/transport';
import type { TestAccount } from '../testing/accounts';
import { call, startApiServer } from '../testing/api-server';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS, freshDatabase } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { refuseMessages } from '../testing/factories/messages';
import { localEnv } from '../testing/local-env';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PRACTICE_EMAIL = 'diary@practice.test';

/** A mail server stand-in the test can turn off: `up`, or `refusing` with an SMTP-like error. */
function switchableMailer() {
  const sent: MailMessage[] = [];
  let refusing = false;
  const mailer: Mailer = {
    async send(message) {
      if (refusing) throw new Error('421 4.3.2 Service not available, closing channel');
      sent.push(message);
    },
  };
  return {
    mailer,
    sent,
    refuse: (value: boolean) => {
      refusing = value;
    },
  };
}

const { client, secondClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  secondClient: { name: 'Ben Client' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('the outbox on %s', (kind) => {
  let clock = NOW;
  const mail = switchableMailer();
  const { db, api, request } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    mailer: mail.mailer,
    beforeEach: () => {
      clock = NOW;
      mail.sent.length = 0;
      mail.refuse(false);
    },
  });
  const book = (who: TestAccount, start: string) =>
    request('POST', '/bookings', who, { serviceId: 1, start, note: 'Side door, please.' });
  const messages = async () =>
    (
      await sql<{
        kind: string;
        status: string;
        attempts: number;
        next_attempt_at: Date;
        payload: unknown;
      }>`select kind, status, attempts, next_attempt_at, payload from messages order by created_at, kind`.execute(
        db,
      )
    ).rows;

  it('writes a change and its messages together, or neither (a fault between them)', async () => {
    const { json: kept } = await book(client, '2027-03-10T10:00:00Z');
    await api.deliveryIdle();
    const { restore } = await refuseMessages(db);
    try {
      expect((await book(client, '2027-03-10T14:00:00Z')).status).toBe(500);
      expect((await request('POST', `/bookings/${kept.id}/confirm`, practitioner)).status).toBe(
        500,
      );
    } finally {
      await restore();
    }
    const bookings = await sql<{
      status: string;
    }>`select status from bookings order by starts_at`.execute(db);
    expect(bookings.rows).toEqual([{ status: 'requested' }]);
    expect((await messages()).map((message) => message.kind)).toEqual([
      'request-acknowledged',
      'request-received',
    ]);
  });

  it('answers at once, and retries a refused message 1, 2, 4… minutes apart up to an hour, for a day; then lists it as failed', async () => {
    mail.refuse(true);
    const answer = await book(client, '2027-03-10T10:00:00Z');
    expect(answer.status).toBe(201);
    await api.deliveryIdle();
    const delays: number[] = [];
    for (let round = 0; round < 100; round += 1) {
      const [first] = (await messages()).filter((message) => message.status === 'pending');
      if (!first) break;
      const next = new Date(first.next_attempt_at);
      delays.push(Math.round((next.getTime() - clock.getTime()) / MINUTE));
      clock = next;
      await api.runOutbox();
    }
    expect(delays.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(delays.every((delay) => delay <= 60)).toBe(true);
    expect(clock.getTime() - NOW.getTime()).toBeLessThanOrEqual(24 * HOUR);
    expect(clock.getTime() - NOW.getTime()).toBeGreaterThan(23 * HOUR);
    expect((await messages()).map((message) => message.status)).toEqual(['failed', 'failed']);
    expect(mail.sent).toEqual([]);

    const failed = await request('GET', '/practice/messages?status=failed', practitioner);
    expect(failed.status).toBe(200);
    expect(failed.json.messages).toHaveLength(2);
    expect(failed.json.messages).toContainEqual({
      id: expect.any(String),
      kind: 'request-received',
      to: PRACTICE_EMAIL,
      bookingId: answer.json.id,
      attempts: delays.length + 1,
      lastError: '421 4.3.2 Service not available, closing channel',
    });
    expect((await request('GET', '/practice/messages?status=failed', client)).status).toBe(403);

    mail.refuse(false);
    const retry = failed.json.messages.find(
      (message: { to: string }) => message.to === client.email,
    );
    const retried = await request('POST', `/practice/messages/${retry.id}/retry`, practitioner);
    expect(retried.status).toBe(200);
    await api.deliveryIdle();
    expect(mail.sent.map((message) => message.subject)).toEqual([
      expect.stringMatching(/^We have your request: Individual Therapy/),
    ]);
    expect(
      (await request('GET', '/practice/messages?status=failed', practitioner)).json.messages,
    ).toHaveLength(1);
    expect(
      (await request('POST', `/practice/messages/${retry.id}/retry`, practitioner)).status,
    ).toBe(404);
  });

  it('sends each message exactly once with 20 senders at work at the same time', async () => {
    const services = loadServices();
    for (let index = 0; index < 40; index += 1) {
      const start = new Date(Date.UTC(2027, 2, 3 + Math.floor(index / 8), 9 + (index % 8)));
      const result = await insertBooking(
        db,
        {
          client: { uid: `racer-${index}`, email: `racer-${index}@example.test`, name: '' },
          serviceId: 1,
          start,
          end: new Date(start.getTime() + 50 * MINUTE),
          busyUntil: new Date(start.getTime() + HOUR),
          note: '',
        },
        { maxOpenRequests: 3, now: clock },
        (trx, booking) =>
          queueMessages(trx, [{ kind: 'confirmed', to: 'client', booking }], {
            now: clock,
            practiceEmail: PRACTICE_EMAIL,
          }),
      );
      expect(result.outcome).toBe('created');
    }
    const received: string[] = [];
    const slowMailer: Mailer = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        received.push(message.to);
      },
    };
    const settings = {
      db,
      mailer: slowMailer,
      practiceEmail: PRACTICE_EMAIL,
      siteUrl: '',
      services,
    };
    const runs = await Promise.all(
      Array.from({ length: 20 }, () => deliverDueMessages(settings, () => clock)),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(40);
    expect(received).toHaveLength(40);
    expect(new Set(received).size).toBe(40);
    expect((await messages()).every((message) => message.status === 'sent')).toBe(true);
    // Sent: the names, times and notes the email was written from are erased.
    expect((await messages()).every((message) => message.payload === null)).toBe(true);
  });

  it('reminds the client 24 hours before a confirmed session, once, and never a cancelled one', async () => {
    const start = '2027-03-10T10:00:00.000Z';
    const { json: booking } = await book(client, start);
    const { json: cancelled } = await book(secondClient, '2027-03-10T14:00:00Z');
    await request('POST', `/bookings/${booking.id}/confirm`, practitioner);
    await request('POST', `/bookings/${cancelled.id}/confirm`, practitioner);
    await request('POST', `/practice/bookings/${cancelled.id}/cancel`, practitioner);
    await api.deliveryIdle();
    mail.sent.length = 0;
    const due = new Date(new Date(start).getTime() - 24 * HOUR);

    const diary = async () =>
      (await request('GET', '/practice/bookings?from=2027-03-10&to=2027-03-10', practitioner)).json
        .bookings;
    expect((await diary()).find((each: { id: string }) => each.id === booking.id).reminder).toEqual(
      { due: due.toISOString(), sentAt: null, failed: false },
    );
    expect(
      (await diary()).find((each: { id: string }) => each.id === cancelled.id).reminder,
    ).toBeNull();

    clock = new Date(due.getTime() - 1);
    await api.runOutbox();
    expect(mail.sent).toEqual([]);
    clock = due;
    await api.runOutbox();
    clock = new Date(due.getTime() + 10 * MINUTE);
    await api.runOutbox();
    expect(mail.sent).toHaveLength(1);
    const [reminder] = mail.sent;
    expect(reminder).toMatchObject({
      to: client.email,
      subject: expect.stringMatching(/^Reminder: /),
    });
    expect(reminder?.text).toContain('Wednesday, 10 March 2027 at 10:00 GMT');
    expect(reminder?.text).toContain(practiceFacts.address.street);
    expect(reminder?.text).toContain(practiceFacts.phone.display);
    expect(reminder?.text).toContain('http://site.test/bookings');
    expect((await diary()).find((each: { id: string }) => each.id === booking.id).reminder).toEqual(
      { due: due.toISOString(), sentAt: due.toISOString(), failed: false },
    );
  });

  it('reminds a moved session at its new time, and drops the reminder of the old one', async () => {
    const { json: booking } = await book(client, '2027-03-10T10:00:00Z');
    await request('POST', `/bookings/${booking.id}/confirm`, practitioner);
    await api.deliveryIdle();
    mail.sent.length = 0;
    mail.refuse(true);
    clock = new Date('2027-03-09T10:00:00Z');
    await api.runOutbox(); // written, not yet sent
    mail.refuse(false);
    // Moved a day later (the move itself is another endpoint's business).
    await sql`update bookings set starts_at = '2027-03-11T10:00:00Z', ends_at = '2027-03-11T10:50:00Z',
      during = tstzrange('2027-03-11T10:00:00Z', '2027-03-11T11:00:00Z') where id = ${booking.id}`.execute(
      db,
    );
    clock = new Date('2027-03-09T10:05:00Z');
    await api.runOutbox();
    expect(mail.sent).toEqual([]);
    expect((await messages()).filter((message) => message.kind === 'reminder')).toMatchObject([
      { status: 'dropped' },
    ]);
    clock = new Date('2027-03-10T10:00:00Z');
    await api.runOutbox();
    expect(mail.sent.map((message) => message.subject)).toEqual([
      expect.stringContaining('Thursday, 11 March 2027 at 10:00 GMT'),
    ]);
  });

  // Sunday 09:00 in London on each change day: 08:00 UTC in March (BST), 09:00 UTC in October.
  it.each([
    ['March', '2027-03-01T09:00:00Z', '2027-03-28T08:00:00Z', '09:00 BST', '2027-03-27T08:00:00Z'],
    [
      'October',
      '2027-10-04T09:00:00Z',
      '2027-10-31T09:00:00Z',
      '09:00 GMT',
      '2027-10-30T09:00:00Z',
    ],
  ])(
    'on the %s clock change, a reminder is due 24 real hours before',
    async (_month, now, start, wallClock, dueAt) => {
      clock = new Date(now);
      const { json: booking, status } = await book(client, start);
      expect(status).toBe(201);
      await request('POST', `/bookings/${booking.id}/confirm`, practitioner);
      await api.deliveryIdle();
      mail.sent.length = 0;
      clock = new Date(new Date(dueAt).getTime() - 1);
      await api.runOutbox();
      expect(mail.sent).toEqual([]);
      clock = new Date(dueAt);
      await api.runOutbox();
      expect(mail.sent).toHaveLength(1);
      expect(mail.sent[0]?.text).toContain(`at ${wallClock}`);
    },
  );

  it('refuses blocked time over a live request unless it declines it (409), and a block in the past (422)', async () => {
    const { json: inside } = await book(client, '2027-03-12T10:00:00Z');
    const block = await request('POST', '/practice/blocks', practitioner, {
      start: '2027-03-12T09:00:00Z',
      end: '2027-03-12T12:00:00Z',
      reason: 'Dentist',
    });
    expect(block.status).toBe(409);
    expect(block.json.detail).toBe(
      'This time holds 1 request. Decline and cancel them with the block (each client is told), or block a different time.',
    );
    const confirmed = await request('POST', `/bookings/${inside.id}/confirm`, practitioner);
    expect(confirmed.status).toBe(200);
    const past = await request('POST', '/practice/blocks', practitioner, {
      start: '2027-02-27T09:00:00Z',
      end: '2027-03-01T08:00:00Z',
    });
    expect(past.status).toBe(422);
    expect(past.json.detail).toBe('That time is already over. Block time that is still ahead.');
  });

  it('a block that cancels what it covers: exactly those, each client told with a calendar cancellation', async () => {
    const { json: confirmed } = await book(client, '2027-03-15T10:00:00Z');
    const { json: requested } = await book(secondClient, '2027-03-15T13:00:00Z');
    const { json: outside } = await book(secondClient, '2027-03-16T13:00:00Z');
    await request('POST', `/bookings/${confirmed.id}/confirm`, practitioner);
    await api.deliveryIdle();
    const confirmation = mail.sent.find((message) =>
      message.subject.startsWith('Your session is confirmed'),
    );
    const uid = /UID:(.+)/.exec(confirmation?.calendar?.content ?? '')?.[1]?.trim();
    expect(uid).toBeTruthy();
    mail.sent.length = 0;

    const block = await request('POST', '/practice/blocks', practitioner, {
      start: '2027-03-15T00:00:00Z',
      end: '2027-03-16T00:00:00Z',
      reason: 'Unwell',
      cancelCovered: true,
    });
    expect(block.status).toBe(201);
    expect(
      block.json.covered.map((each: { id: string; status: string }) => [each.id, each.status]),
    ).toEqual([
      [confirmed.id, 'cancelled'],
      [requested.id, 'declined'],
    ]);
    const statuses = await sql<{
      id: string;
      status: string;
    }>`select id, status from bookings where id = ${outside.id}`.execute(db);
    expect(statuses.rows).toEqual([{ id: outside.id, status: 'requested' }]);
    await api.deliveryIdle();
    const cancellation = mail.sent.find((message) => message.to === client.email);
    expect(cancellation?.subject).toMatch(/^Your session is cancelled/);
    expect(cancellation?.text).not.toContain('Unwell'); // her own label stays hers
    expect(cancellation?.calendar?.method).toBe('CANCEL');
    expect(cancellation?.calendar?.content).toContain('METHOD:CANCEL');
    expect(cancellation?.calendar?.content).toContain(`UID:${uid}`);
    expect(mail.sent.find((message) => message.to === secondClient.email)?.subject).toMatch(
      /^Your session request/,
    );
  });
});

describe('a mail server that hangs', () => {
  it('does not slow the API down: the request is answered at once', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, localEnv.host(), resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const db = await freshDatabase('PGlite');
    const api = await startApiServer({
      db,
      now: () => NOW,
      smtpUrl: `smtp://${localEnv.host()}:${port}`,
      practiceEmail: PRACTICE_EMAIL,
    });
    try {
      const started = performance.now();
      const answer = await call(api.url, 'POST', '/bookings', {
        token: client.idToken,
        body: { serviceId: 1, start: '2027-03-10T10:00:00Z' },
      });
      const took = performance.now() - started;
      expect(answer.status).toBe(201);
      // A request that waited for the mail would wait out the mailer's greeting timeout first.
      // Not a speed limit: a loaded machine took 1.2 s for this request, well inside it.
      expect(took).toBeLessThan(SMTP_GREETING_TIMEOUT_MS);
      const listed = await call(api.url, 'GET', '/bookings', { token: client.idToken });
      expect(listed.json.bookings).toHaveLength(1);
    } finally {
      silent.close();
      for (const socket of sockets) socket.destroy();
      await api.deliveryIdle();
      await api.close();
      await db.destroy();
    }
  });
});
