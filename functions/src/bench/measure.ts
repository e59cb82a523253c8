/**
 * What npm run bench:api measures on one database (api-bench.ts runs it on PGlite and on a real
 * PostgreSQL): the booking horizon's availability and a booking request (with the mail server up,
 * and paused: it accepts and never answers), each timed over many calls with many bookings already
 * stored; series requests and the rolling job; the outbox's sender alone, delivering messages to a
 * local SMTP sink; signed payment webhooks. Tokens are checked by a stand-in verifier: this
 * measures our code and the database, not the Auth emulator. The sizes are settable, so that a
 * test runs it at its smallest (measure.test.ts) and a new table cannot break it unseen.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { openDatabase, type Database, type DatabaseTarget } from '../platform/database/database';
import { call, startApiServer } from '../testing/api-server';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { bookingsStartingWithin } from '../bookings/queries';
import { queueMessages } from '../outbox/outbox';
import { rollSeries } from '../series/roll-series';
import { deliverDueMessages } from '../messages/sender';
import { localEnv } from '../testing/local-env';
import { BOOKING_RULES } from '../../../shared/booking-rules';

/** How much the bench does: calls per path, and what is stored before it times them. */
export interface BenchSizes {
  /** Calls per timed path (BENCH_CALLS); half of them for each booking-request variant. */
  calls: number;
  /** Bookings stored before (BENCH_BOOKINGS); at least twice `calls`: each webhook pays one. */
  bookings: number;
  /** Messages the sender delivers alone (BENCH_MESSAGES). */
  messages: number;
  /** Confirmed series the rolling job extends (BENCH_SERIES). */
  series: number;
}

export const DEFAULT_SIZES: BenchSizes = {
  calls: 200,
  bookings: 10_000,
  messages: 500,
  series: 500,
};

/** The sizes from BENCH_CALLS, BENCH_BOOKINGS, BENCH_MESSAGES and BENCH_SERIES, or the defaults. */
export function sizesFromEnv(env: Record<string, string | undefined>): BenchSizes {
  const size = (name: string, fallback: number, least: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < least)
      throw new Error(`${name} needs a whole number of at least ${least}, not ${value}`);
    return number;
  };
  const calls = size('BENCH_CALLS', DEFAULT_SIZES.calls, 2);
  return {
    calls,
    // A quarter of the stored bookings are cancelled; each webhook pays a confirmed one.
    bookings: size('BENCH_BOOKINGS', Math.max(DEFAULT_SIZES.bookings, 2 * calls), 2 * calls),
    messages: size('BENCH_MESSAGES', DEFAULT_SIZES.messages, 1),
    series: size('BENCH_SERIES', DEFAULT_SIZES.series, 1),
  };
}

const NOW = new Date('2030-01-07T09:00:00Z');
const WEBHOOK_SECRET = 'whsec_bench_signing_secret';

/**
 * Bookings two hours apart (10 000 by default), ending about the booking horizon from now: the
 * availability window holds ~670 of them, and every other hour stays free for the booking requests.
 */
async function seed(db: Database, existingBookings: number) {
  const spacing = 7200;
  const first = NOW.getTime() / 1000 - (existingBookings - 670) * spacing;
  await sql`
    insert into bookings (client_uid, client_email, client_name, service_id, starts_at, ends_at, during, status, note)
    select 'seed-' || (n % 500), 'seed' || (n % 500) || '@example.test', 'Seed client', 1,
           to_timestamp(${first}::float8 + n * ${spacing}), to_timestamp(${first}::float8 + n * ${spacing} + 3000),
           tstzrange(to_timestamp(${first}::float8 + n * ${spacing}), to_timestamp(${first}::float8 + n * ${spacing} + 3600)),
           case when n % 4 = 0 then 'cancelled' else 'confirmed' end, ''
    from generate_series(0, ${existingBookings - 1}) as n`.execute(db);
  await sql`analyze`.execute(db);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function time(calls: number, run: (index: number) => Promise<number>) {
  const durations: number[] = [];
  const statuses = new Map<number, number>();
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    const status = await run(index);
    durations.push(performance.now() - started);
    if (status >= 500) throw new Error(`call ${index} answered ${status}`);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  durations.sort((a, b) => a - b);
  const answered = [...statuses].map(([status, count]) => `${count}×${status}`).join(' ');
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), answered };
}

/** An SMTP server that takes every message and keeps none (the mail server "up"). */
async function smtpSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, localEnv.host(), resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://${localEnv.host()}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail server that accepts connections and never answers, like MailDev under SIGSTOP. */
async function pausedSmtp() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, localEnv.host(), resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://${localEnv.host()}:${port}`,
    close: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

const benchCaller = async (token: string) => ({
  uid: token,
  email: `${token}@example.test`,
  emailVerified: true,
  name: 'Bench',
  practitioner: false,
  authTime: new Date(),
  secondFactor: null,
});

export async function measure(label: string, target: DatabaseTarget, sizes: BenchSizes) {
  const { calls, messages: senderMessages, series: seriesStored } = sizes;
  const db = await openDatabase(target);
  // Every table of the schema, whatever migrations have added since (a list went stale once:
  // payment_credits came after it and the truncate refused to run).
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_migration%'`.execute(db);
  await sql`truncate ${sql.join(tables.rows.map((table) => sql.table(table.name)))} cascade`.execute(
    db,
  );
  await seed(db, sizes.bookings);
  const sink = await smtpSink();
  const paused = await pausedSmtp();
  const up = await startApiServer({
    db,
    now: () => NOW,
    smtpUrl: sink.url,
    verifyToken: benchCaller,
  });
  // Webhooks need no Stripe call here (no card to look up): the stand-in's address is never used.
  const paying = await startApiServer({
    db,
    now: () => NOW,
    smtpUrl: sink.url,
    verifyToken: benchCaller,
    stripe: { apiUrl: 'http://127.0.0.1:9', webhookSecret: WEBHOOK_SECRET },
  });
  const stalled = await startApiServer({
    db,
    now: () => NOW,
    smtpUrl: paused.url,
    verifyToken: benchCaller,
  });
  let caller = 0;
  // Each request is a different client and a different free hour (10:00 to 20:00 UTC, even hours).
  const requestSession = (url: string, slot: number) => {
    caller += 1;
    const day = new Date(Date.UTC(2030, 0, 9 + Math.floor(slot / 6)));
    const start = new Date(day.getTime() + (10 + 2 * (slot % 6)) * 3_600_000);
    return call(url, 'POST', '/bookings', {
      authorization: `Bearer bench-client-${caller}-padding-to-look-like-a-token`,
      body: { serviceId: 1, start: start.toISOString() },
    });
  };
  const quietError = console.error;
  console.error = () => {};
  try {
    const from = '2030-01-08';
    const availability = await time(
      calls,
      async () =>
        (
          await call(
            up.url,
            'GET',
            `/availability?service=1&from=${from}&days=${BOOKING_RULES.horizonDays}`,
          )
        ).status,
    );
    const half = Math.floor(calls / 2);
    const booking = await time(half, async (index) => (await requestSession(up.url, index)).status);
    const bookingMailPaused = await time(
      half,
      async (index) => (await requestSession(stalled.url, half + index)).status,
    );
    paused.close();
    await stalled.deliveryIdle();
    await up.deliveryIdle();

    // Series: requests over HTTP (weekly, Thursdays at a different hour each), then the rolling
    // job over the stored confirmed series that each have a week to add.
    const seriesRequest = await time(Math.min(calls, 100), async (index) => {
      caller += 1;
      const start = new Date(Date.UTC(2030, 0, 10 + 7 * (index % 7), 8 + Math.floor(index / 7)));
      return (
        await call(up.url, 'POST', '/series', {
          authorization: `Bearer bench-client-${caller}-padding-to-look-like-a-token`,
          body: { serviceId: 1, start: start.toISOString() },
        })
      ).status;
    });
    await sql`
      insert into series (client_uid, client_email, service_id, every_weeks, first_start, local_time,
                          status, booked_through, created_at, updated_at)
      select 'rolling-' || n, 'rolling' || n || '@example.test', 1, 1,
             ${NOW}::timestamptz + make_interval(days => 1 + n % 7, mins => 30 * (n / 7)),
             to_char(${NOW}::timestamptz + make_interval(mins => 30 * (n / 7)), 'HH24:MI'),
             'confirmed', ${NOW}::timestamptz + make_interval(days => 49 + n % 7, mins => 30 * (n / 7)),
             ${NOW}, ${NOW}
      from generate_series(0, ${seriesStored - 1}) as n`.execute(db);
    const rollStarted = performance.now();
    const rolled = await rollSeries(
      { db, services: up.outbox.services, reactions: up.context.reactions },
      NOW,
    );
    const rollMs = performance.now() - rollStarted;
    await up.deliveryIdle();
    await sql`truncate messages`.execute(db);

    // The sender alone: messages written for sessions already booked, delivered to the sink.
    await sql`truncate messages`.execute(db);
    const sessions = await bookingsStartingWithin(db, {
      start: new Date('2000-01-01T00:00:00Z'),
      end: new Date('2100-01-01T00:00:00Z'),
    });
    const batch = sessions.slice(0, senderMessages);
    await queueMessages(
      db,
      batch.map((each) => ({ kind: 'confirmed', to: 'client', booking: each })),
      { now: NOW, practiceEmail: 'practice@example.test' },
    );
    const started = performance.now();
    const delivered = await deliverDueMessages(up.outbox, () => NOW);
    const perSecond = delivered.sent / ((performance.now() - started) / 1000);

    // Webhooks: each a signed checkout.session.completed for a pending one-off payment of one of
    // the stored confirmed sessions (the receipt number, the state change and the email, once).
    await sql`
      insert into payments (client_uid, client_email, client_name, booking_id, service_id,
                            checkout_session_id, amount, currency, status, created_at, updated_at)
      select client_uid, client_email, client_name, id, service_id, 'cs_bench_' || row_number() over (order by starts_at),
             6000, 'GBP', 'pending', ${NOW}, ${NOW}
      from bookings where status = 'confirmed' and series_id is null
      order by starts_at limit ${calls}`.execute(db);
    const signer = new Stripe('sk_test_bench');
    const webhook = await time(calls, async (index) => {
      const payload = JSON.stringify({
        id: `evt_bench_${index}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(NOW.getTime() / 1000),
        data: {
          object: {
            id: `cs_bench_${index + 1}`,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
          },
        },
      });
      const response = await fetch(`${paying.url}/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
      });
      await response.text();
      return response.status;
    });
    await paying.deliveryIdle();
    const receipts = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    return {
      label,
      webhook,
      receipts: Number(receipts.n),
      availability,
      booking,
      bookingMailPaused,
      perSecond,
      sent: delivered.sent,
      seriesRequest,
      rollMs,
      rolled,
    };
  } finally {
    console.error = quietError;
    await up.close();
    await paying.close();
    await stalled.close();
    await sink.close();
    await db.destroy();
  }
}
